/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-options.h — the options the subcommands of bgmod-cli share.
 *
 * Owns: parsing a subcommand's command line, reading numeric option values,
 * the one model file a command takes, the --vars list, --csv and --plot
 * (simulate and bode), the options of a run (simulate: --t-end,
 * --output-step, --rtol, --atol, --vars, --max-memory, --sweep; energy:
 * the same but --vars and --sweep) and those
 * of linearize (--at, --vars, --json, --max-time) and bode (--input,
 * --output, --from, --to, --points, --csv, --plot, --max-time), with the
 * messages and exit codes of docs/command-line.md. Must not: be used outside
 * app/, load or run anything, or write anything but messages to stderr.
 *
 * A function that returns FALSE has printed the usage error ("bgmod-cli
 * COMMAND: message" and the --help hint); the command exits with
 * BG_CLI_EXIT_USAGE unless it says otherwise.
 */
#pragma once

#include <glib.h>
#include "bg-model.h"

G_BEGIN_DECLS

/* Sets the program name to "bgmod-cli COMMAND" and parses argv with the
 * context. */
gboolean bg_cli_parse             (GOptionContext *context,
                                   const char     *command,
                                   int            *argc,
                                   char         ***argv);
/* TRUE when text is one finite decimal number in C notation ("0.5",
 * "1e-3", "-2"): no hexadecimal, "inf", "nan", blanks or units. */
gboolean bg_cli_read_decimal      (const char *text,
                                   double     *value);
/* Reads the value of a numeric option (text as given, or NULL when the
 * option is absent: *value is then left alone). Accepts only a whole finite
 * decimal number; otherwise the usage error is "--rtol: “nan” is not a
 * finite number". */
gboolean bg_cli_parse_number      (const char *command,
                                   const char *option,
                                   const char *text,
                                   double     *value);
/* The same for a whole number in decimal digits ("--points: “0x10” is
 * not a whole number"). */
gboolean bg_cli_parse_count       (const char *command,
                                   const char *option,
                                   const char *text,
                                   int        *value);
/* TRUE when the arguments left after parsing (argv[0] the command) are one
 * model file; otherwise the usage error is "missing the model file" or
 * "expected one model file". */
gboolean bg_cli_expect_one_model  (const char *command,
                                   int         argc);
/* FALSE with the usage error "--vars names no variable" for a list with
 * only blanks and commas (",,,"); TRUE for NULL. */
gboolean bg_cli_check_vars        (const char *command,
                                   const char *list);
/* The names of a comma-separated list (blanks dropped), or NULL for NULL. */
GStrv    bg_cli_split_vars        (const char *list);

/* --csv OUT.csv|- and --plot OUT.png|OUT.svg: where a command writes its
 * data and its drawing. */
typedef struct
{
  char *csv;    /* NULL: standard output, unless there is a plot */
  char *plot;
} BgCliOutputOptions;

/* Adds --csv and --plot to the context's options, after those already
 * there. */
void        bg_cli_output_options_add      (BgCliOutputOptions *o,
                                            GOptionContext     *context);
/* Checks --plot's name ("--plot needs a file name ending in .png or .svg")
 * and, when a plot is asked for, has bgmod-cli-draw run the command
 * (bg_cli_draw_elsewhere). FALSE when the command must return *exit_code:
 * the usage error, or the handing over failed. */
gboolean    bg_cli_output_options_check    (const BgCliOutputOptions *o,
                                            const char               *command,
                                            int                      *exit_code);
/* Where the CSV goes ("-": standard output), or NULL when only a plot is
 * asked for. */
const char *bg_cli_output_options_csv_path (const BgCliOutputOptions *o);
void        bg_cli_output_options_clear    (BgCliOutputOptions *o);

/* The options of `simulate`. */
typedef struct
{
  double             t_end, output_step, rtol, atol;  /* NAN: the model's */
  char              *vars;        /* --vars as given; NULL: all */
  BgCliOutputOptions out;
  guint64            max_memory;  /* bytes */
  char              *sweep;       /* --sweep EL.PARAM=V1,V2,... or NULL */
  /* The texts as given, read by bg_cli_simulate_options_read(). */
  char              *t_end_text, *output_step_text, *rtol_text, *atol_text;
  char              *max_memory_text;
} BgCliSimulateOptions;

/* No option given yet: the model's settings, every variable, the default
 * memory limit. */
void     bg_cli_simulate_options_init  (BgCliSimulateOptions *o);
/* Adds the options, in the order of `simulate --help`. */
void     bg_cli_simulate_options_add   (BgCliSimulateOptions *o,
                                        GOptionContext       *context);
/* After parsing: reads the numbers, checks that one model file is left and
 * the plot's name, hands a command with --plot over to bgmod-cli-draw, and
 * reads --max-memory, in that order. FALSE when the command must return
 * *exit_code. */
gboolean bg_cli_simulate_options_read  (BgCliSimulateOptions *o,
                                        int                   argc,
                                        int                  *exit_code);
/* Only the options of the run itself (energy): --t-end, --output-step,
 * --rtol, --atol and --max-memory, read as simulate reads them, with the
 * command's name in the messages. */
void     bg_cli_run_options_add        (BgCliSimulateOptions *o,
                                        GOptionContext       *context);
gboolean bg_cli_run_options_read       (BgCliSimulateOptions *o,
                                        const char           *command,
                                        int                   argc,
                                        int                  *exit_code);
/* The model's settings with the options' overrides. */
void     bg_cli_simulate_options_apply (const BgCliSimulateOptions *o,
                                        BgSimSettings              *settings);
void     bg_cli_simulate_options_clear (BgCliSimulateOptions *o);

/* --max-time: what bode and linearize refuse to start (seconds, estimated
 * before the work; docs/command-line.md, Bounds). */
#define BG_CLI_DEFAULT_MAX_TIME 60.0

/* The options of `linearize`. */
typedef struct
{
  double   at;              /* 0: the initial state */
  char    *vars;            /* --vars as given; NULL: all */
  gboolean json;
  double   max_time;
  char    *at_text, *max_time_text;
} BgCliLinearizeOptions;

/* Sets the defaults and adds the options. */
void     bg_cli_linearize_options_add   (BgCliLinearizeOptions *o,
                                         GOptionContext        *context);
/* After parsing: one model file, --at (0, or 1e-12 … 1e12 s), --vars,
 * --max-time. FALSE after the usage error. */
gboolean bg_cli_linearize_options_read  (BgCliLinearizeOptions *o,
                                         int                    argc);
void     bg_cli_linearize_options_clear (BgCliLinearizeOptions *o);

/* Frequencies a double resolves against typical eigenvalues. */
#define BG_CLI_BODE_MIN_HZ 1e-12
#define BG_CLI_BODE_MAX_HZ 1e12

/* The options of `bode`. */
typedef struct
{
  char              *input, *output;
  double             from, to;   /* NAN: from the modes */
  int                points;
  double             max_time;
  BgCliOutputOptions out;        /* --csv, --plot */
  char              *from_text, *to_text, *points_text, *max_time_text;
} BgCliBodeOptions;

void     bg_cli_bode_options_add   (BgCliBodeOptions *o,
                                    GOptionContext   *context);
/* After parsing: the numbers, one model file, the range and count, the
 * plot's name (a command with --plot is handed over to bgmod-cli-draw).
 * FALSE when the command must return *exit_code. */
gboolean bg_cli_bode_options_read  (BgCliBodeOptions *o,
                                    int               argc,
                                    int              *exit_code);
void     bg_cli_bode_options_clear (BgCliBodeOptions *o);

G_END_DECLS
