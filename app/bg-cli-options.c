/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-options.c — the options the subcommands of bgmod-cli share
 * (docs/command-line.md).
 *
 * Owns: parsing a subcommand's command line, numbers and sizes in option
 * values, the one model file a command takes, the --vars list, --csv and
 * --plot, and the options of `simulate`, `linearize` and `bode`, with
 * their help texts and usage errors (see bg-cli-options.h). Must not: load or run anything, or write
 * anything but messages to stderr.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-cli.h"
#include "bg-cli-output.h"
#include "bg-bode.h"
#include "bg-simulator.h"

gboolean
bg_cli_parse (GOptionContext *context,
              const char     *command,
              int            *argc,
              char         ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("bgmod-cli %s", command);

  g_set_prgname (prgname);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      bg_cli_usage_error (command, error->message);
      return FALSE;
    }
  return TRUE;
}

/* A decimal number as a person types it ("0.5", "1e-3", "-2", "+1"):
 * digits, signs, a point and an exponent only, so that hexadecimal
 * ("0x10"), "inf" and "nan", which strtod would take, are refused. */
gboolean
bg_cli_read_decimal (const char *text,
                     double     *value)
{
  char *end = NULL;
  double x;

  if (text == NULL || *text == '\0' || text[strspn (text, "0123456789+-.eE")] != '\0')
    return FALSE;
  errno = 0;
  x = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || errno == ERANGE || !isfinite (x))
    return FALSE;
  *value = x;
  return TRUE;
}

gboolean
bg_cli_parse_number (const char *command,
                     const char *option,
                     const char *text,
                     double     *value)
{
  g_autofree char *message = NULL;

  if (text == NULL || bg_cli_read_decimal (text, value))
    return TRUE;
  message = g_strdup_printf (_("--%s: “%s” is not a finite number"), option, text);
  bg_cli_usage_error (command, message);
  return FALSE;
}

gboolean
bg_cli_parse_count (const char *command,
                    const char *option,
                    const char *text,
                    int        *value)
{
  g_autofree char *message = NULL;
  const char *digits = text != NULL && (*text == '+' || *text == '-') ? text + 1 : text;
  gint64 x;

  if (text == NULL)
    return TRUE;
  if (*digits != '\0' && digits[strspn (digits, "0123456789")] == '\0' && strlen (digits) <= 10)
    {
      x = g_ascii_strtoll (text, NULL, 10);
      if (x >= G_MININT && x <= G_MAXINT)
        {
          *value = (int) x;
          return TRUE;
        }
    }
  message = g_strdup_printf (_("--%s: “%s” is not a whole number"), option, text);
  bg_cli_usage_error (command, message);
  return FALSE;
}

gboolean
bg_cli_expect_one_model (const char *command,
                         int         argc)
{
  if (argc == 2)
    return TRUE;
  bg_cli_usage_error (command, argc < 2 ? _("missing the model file")
                                        : _("expected one model file"));
  return FALSE;
}

gboolean
bg_cli_check_vars (const char *command,
                   const char *list)
{
  g_auto (GStrv) names = bg_cli_split_vars (list);

  if (list == NULL || names[0] != NULL)
    return TRUE;
  bg_cli_usage_error (command, _("--vars names no variable"));
  return FALSE;
}

GStrv
bg_cli_split_vars (const char *list)
{
  g_auto (GStrv) names = NULL;
  GPtrArray *out;

  if (list == NULL)
    return NULL;
  names = g_strsplit (list, ",", -1);
  out = g_ptr_array_new ();
  for (guint i = 0; names[i] != NULL; i++)
    {
      const char *name = g_strstrip (names[i]);
      if (*name != '\0')
        g_ptr_array_add (out, g_strdup (name));
    }
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (out, FALSE);
}

/* --csv and --plot --------------------------------------------------------- */

void
bg_cli_output_options_add (BgCliOutputOptions *o,
                           GOptionContext     *context)
{
  const GOptionEntry entries[] = {
    { "csv", 0, 0, G_OPTION_ARG_FILENAME, &o->csv,
      N_("Write CSV to this file, or - for standard output"), "OUT.csv" },
    { "plot", 0, 0, G_OPTION_ARG_FILENAME, &o->plot,
      N_("Write a plot to a PNG or SVG file"), "OUT.png" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
bg_cli_output_options_check (const BgCliOutputOptions *o,
                             const char               *command,
                             int                      *exit_code)
{
  g_autoptr(GError) error = NULL;

  if (o->plot != NULL && !g_str_has_suffix (o->plot, ".png") && !g_str_has_suffix (o->plot, ".svg"))
    {
      *exit_code = bg_cli_usage_error (command, _("--plot needs a file name ending in .png or .svg"));
      return FALSE;
    }
  /* A device or a socket is refused before any work is done. */
  if ((o->csv != NULL && !bg_cli_output_check (o->csv, &error))
      || (o->plot != NULL && !bg_cli_output_check (o->plot, &error)))
    {
      *exit_code = bg_cli_write_failed (command, error);
      return FALSE;
    }
  return o->plot == NULL || !bg_cli_draw_elsewhere (command, exit_code);
}

const char *
bg_cli_output_options_csv_path (const BgCliOutputOptions *o)
{
  if (o->csv != NULL)
    return o->csv;
  return o->plot == NULL ? "-" : NULL;
}

void
bg_cli_output_options_clear (BgCliOutputOptions *o)
{
  g_clear_pointer (&o->csv, g_free);
  g_clear_pointer (&o->plot, g_free);
}

/* simulate ------------------------------------------------------------------ */

/* "2G", "512MiB", "300M", "1e9": bytes with an optional binary suffix. */
static gboolean
parse_size (const char *text, guint64 *bytes)
{
  gsize number = strspn (text, "0123456789+-.eE");
  g_autofree char *digits = g_strndup (text, number);
  const char *end = text + number;
  double value, scale = 1;

  if (!bg_cli_read_decimal (digits, &value) || !(value > 0))
    return FALSE;
  switch (g_ascii_toupper (*end))
    {
    case 'K': scale = 1024.0; end++; break;
    case 'M': scale = 1024.0 * 1024; end++; break;
    case 'G': scale = 1024.0 * 1024 * 1024; end++; break;
    case 'T': scale = 1024.0 * 1024 * 1024 * 1024; end++; break;
    default: break;
    }
  if (scale > 1 && (g_ascii_strcasecmp (end, "iB") == 0 || g_ascii_strcasecmp (end, "B") == 0))
    end += strlen (end);
  /* At least a byte ("1e-92G" is none), fewer than 2⁶⁴. */
  if (*end != '\0' || value * scale < 1 || value * scale >= 1.8e19)
    return FALSE;
  *bytes = (guint64) (value * scale);
  return TRUE;
}

void
bg_cli_simulate_options_init (BgCliSimulateOptions *o)
{
  memset (o, 0, sizeof *o);
  o->t_end = NAN;
  o->output_step = NAN;
  o->rtol = NAN;
  o->atol = NAN;
  o->max_memory = BG_SIMULATOR_DEFAULT_MAX_MEMORY;
}

/* The settings overrides, in the order of `simulate --help`. */
static void
add_settings (BgCliSimulateOptions *o,
              GOptionContext       *context)
{
  const GOptionEntry settings[] = {
    { "t-end", 0, 0, G_OPTION_ARG_STRING, &o->t_end_text,
      N_("End time in seconds (1e-12 to 1e12)"), "T" },
    { "output-step", 0, 0, G_OPTION_ARG_STRING, &o->output_step_text,
      N_("Time between output rows in seconds"), "H" },
    { "rtol", 0, 0, G_OPTION_ARG_STRING, &o->rtol_text,
      N_("Relative tolerance (1e-14 to 1)"), "R" },
    { "atol", 0, 0, G_OPTION_ARG_STRING, &o->atol_text,
      N_("Absolute tolerance as a fraction of each state's physical scale (0 to 0.01)"), "A" },
    { NULL }
  };

  g_option_context_add_main_entries (context, settings, GETTEXT_PACKAGE);
}

static void
add_max_memory (BgCliSimulateOptions *o,
                GOptionContext       *context)
{
  const GOptionEntry entries[] = {
    { "max-memory", 0, 0, G_OPTION_ARG_STRING, &o->max_memory_text,
      N_("Refuse a run that would need more memory than this (default 2G)"), "SIZE" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

void
bg_cli_simulate_options_add (BgCliSimulateOptions *o,
                             GOptionContext       *context)
{
  const GOptionEntry vars[] = {
    { "vars", 0, 0, G_OPTION_ARG_STRING, &o->vars,
      N_("Comma-separated variables to write (default: all)"), "a,b,..." },
    { NULL }
  };
  const GOptionEntry run[] = {
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &o->sweep,
      N_("Run once per value of a parameter, in parallel (one thread per core); the CSV has one column per variable and value, the plot overlays the runs"),
      "EL.PARAM=V1,V2,..." },
    { NULL }
  };

  add_settings (o, context);
  g_option_context_add_main_entries (context, vars, GETTEXT_PACKAGE);
  bg_cli_output_options_add (&o->out, context);
  add_max_memory (o, context);
  g_option_context_add_main_entries (context, run, GETTEXT_PACKAGE);
}

void
bg_cli_run_options_add (BgCliSimulateOptions *o,
                        GOptionContext       *context)
{
  add_settings (o, context);
  add_max_memory (o, context);
}

/* The numbers, then the rest (for simulate: --vars, the model file and the
 * plot; otherwise the model file), then --max-memory. */
static gboolean
read_run_options (BgCliSimulateOptions *o,
                  const char           *command,
                  gboolean              simulate,
                  int                   argc,
                  int                  *exit_code)
{
  *exit_code = BG_CLI_EXIT_USAGE;
  if (!bg_cli_parse_number (command, "t-end", o->t_end_text, &o->t_end)
      || !bg_cli_parse_number (command, "output-step", o->output_step_text, &o->output_step)
      || !bg_cli_parse_number (command, "rtol", o->rtol_text, &o->rtol)
      || !bg_cli_parse_number (command, "atol", o->atol_text, &o->atol)
      || (simulate && !bg_cli_check_vars (command, o->vars))
      || !bg_cli_expect_one_model (command, argc)
      || (simulate && !bg_cli_output_options_check (&o->out, command, exit_code)))
    return FALSE;
  if (o->max_memory_text != NULL && !parse_size (o->max_memory_text, &o->max_memory))
    {
      g_autofree char *message =
        g_strdup_printf (_("--max-memory needs a size in bytes, e.g. 512M or 4G, not “%s”"),
                         o->max_memory_text);

      *exit_code = bg_cli_usage_error (command, message);
      return FALSE;
    }
  *exit_code = BG_CLI_EXIT_OK;
  return TRUE;
}

gboolean
bg_cli_simulate_options_read (BgCliSimulateOptions *o,
                              int                   argc,
                              int                  *exit_code)
{
  return read_run_options (o, "simulate", TRUE, argc, exit_code);
}

gboolean
bg_cli_run_options_read (BgCliSimulateOptions *o,
                         const char           *command,
                         int                   argc,
                         int                  *exit_code)
{
  return read_run_options (o, command, FALSE, argc, exit_code);
}

void
bg_cli_simulate_options_apply (const BgCliSimulateOptions *o,
                               BgSimSettings              *settings)
{
  if (!isnan (o->t_end))
    settings->t_end = o->t_end;
  if (!isnan (o->output_step))
    settings->output_step = o->output_step;
  if (!isnan (o->rtol))
    settings->rtol = o->rtol;
  if (!isnan (o->atol))
    settings->atol = o->atol;
}

void
bg_cli_simulate_options_clear (BgCliSimulateOptions *o)
{
  g_clear_pointer (&o->t_end_text, g_free);
  g_clear_pointer (&o->output_step_text, g_free);
  g_clear_pointer (&o->rtol_text, g_free);
  g_clear_pointer (&o->atol_text, g_free);
  g_clear_pointer (&o->vars, g_free);
  bg_cli_output_options_clear (&o->out);
  g_clear_pointer (&o->max_memory_text, g_free);
  g_clear_pointer (&o->sweep, g_free);
}

/* linearize ----------------------------------------------------------------- */

void
bg_cli_linearize_options_add (BgCliLinearizeOptions *o,
                              GOptionContext        *context)
{
  const GOptionEntry entries[] = {
    { "at", 0, 0, G_OPTION_ARG_STRING, &o->at_text,
      N_("Linearize about the state at this time in seconds (default 0: the initial state)"), "T" },
    { "vars", 0, 0, G_OPTION_ARG_STRING, &o->vars,
      N_("Comma-separated output variables (default: all)"), "a,b,..." },
    { "json", 0, 0, G_OPTION_ARG_NONE, &o->json, N_("Print one JSON object"), NULL },
    { "max-time", 0, 0, G_OPTION_ARG_STRING, &o->max_time_text,
      N_("Refuse a computation estimated to take longer than this many seconds (default 60)"), "S" },
    { NULL }
  };

  memset (o, 0, sizeof *o);
  o->max_time = BG_CLI_DEFAULT_MAX_TIME;
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

/* --max-time S: seconds, more than 0. */
static gboolean
read_max_time (const char *command, const char *text, double *seconds)
{
  if (text == NULL)
    return TRUE;
  if (!bg_cli_read_decimal (text, seconds) || !(*seconds > 0))
    {
      bg_cli_usage_error (command, _("--max-time needs a number of seconds above 0"));
      return FALSE;
    }
  return TRUE;
}

gboolean
bg_cli_linearize_options_read (BgCliLinearizeOptions *o,
                               int                    argc)
{
  if (!bg_cli_expect_one_model ("linearize", argc))
    return FALSE;
  if (o->at_text != NULL && (!bg_cli_read_decimal (o->at_text, &o->at) || !(o->at >= 0)))
    {
      bg_cli_usage_error ("linearize", _("--at needs a time ≥ 0 in seconds"));
      return FALSE;
    }
  if (o->at > BG_SIM_MAX_T_END)
    {
      bg_cli_usage_error ("linearize", _("--at must be at most 1e12 s"));
      return FALSE;
    }
  /* The run to T has T as its end time, which has a least value. */
  if (o->at > 0 && o->at < BG_SIM_MIN_T_END)
    {
      bg_cli_usage_error ("linearize", _("--at must be 0 or at least 1e-12 s"));
      return FALSE;
    }
  return bg_cli_check_vars ("linearize", o->vars)
         && read_max_time ("linearize", o->max_time_text, &o->max_time);
}

void
bg_cli_linearize_options_clear (BgCliLinearizeOptions *o)
{
  g_clear_pointer (&o->at_text, g_free);
  g_clear_pointer (&o->vars, g_free);
  g_clear_pointer (&o->max_time_text, g_free);
}

/* bode ---------------------------------------------------------------------- */

void
bg_cli_bode_options_add (BgCliBodeOptions *o,
                         GOptionContext   *context)
{
  const GOptionEntry entries[] = {
    { "input", 0, 0, G_OPTION_ARG_STRING, &o->input, N_("The source driving the response (its id)"), "SRC" },
    { "output", 0, 0, G_OPTION_ARG_STRING, &o->output, N_("The variable responding"), "VAR" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &o->from_text,
      N_("Lowest frequency in Hz (default: a decade below the slowest mode)"), "F1" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &o->to_text,
      N_("Highest frequency in Hz (default: a decade above the fastest mode)"), "F2" },
    { "points", 0, 0, G_OPTION_ARG_STRING, &o->points_text,
      N_("Number of log-spaced frequencies (default 200)"), "N" },
    { NULL }
  };
  const GOptionEntry limits[] = {
    { "max-time", 0, 0, G_OPTION_ARG_STRING, &o->max_time_text,
      N_("Refuse a computation estimated to take longer than this many seconds (default 60)"), "S" },
    { NULL }
  };

  memset (o, 0, sizeof *o);
  o->from = NAN;
  o->to = NAN;
  o->points = BG_BODE_DEFAULT_POINTS;
  o->max_time = BG_CLI_DEFAULT_MAX_TIME;
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  bg_cli_output_options_add (&o->out, context);
  g_option_context_add_main_entries (context, limits, GETTEXT_PACKAGE);
}

/* The first problem of the options that need no model, or NULL. */
static const char *
check_bode (const BgCliBodeOptions *o)
{
  if (o->input == NULL)
    return _("--input is required: the id of a source (Se, Sf or a load)");
  if (o->output == NULL)
    return _("--output is required: a variable such as C1.e");
  if ((!isnan (o->from) && !(o->from > 0)) || (!isnan (o->to) && !(o->to > 0))
      || (!isnan (o->from) && !isnan (o->to) && !(o->to > o->from)))
    return _("--from and --to need frequencies in Hz with 0 < from < to");
  if ((!isnan (o->from) && (o->from < BG_CLI_BODE_MIN_HZ || o->from > BG_CLI_BODE_MAX_HZ))
      || (!isnan (o->to) && (o->to < BG_CLI_BODE_MIN_HZ || o->to > BG_CLI_BODE_MAX_HZ)))
    return _("--from and --to need frequencies from 1e-12 to 1e12 Hz");
  /* One end alone: the other must have room within the limits. */
  if ((!isnan (o->from) && isnan (o->to) && o->from >= BG_CLI_BODE_MAX_HZ)
      || (!isnan (o->to) && isnan (o->from) && o->to <= BG_CLI_BODE_MIN_HZ))
    return _("--from alone must be below 1e12 Hz and --to alone above 1e-12 Hz; give both ends");
  if (o->points < 2 || o->points > BG_BODE_MAX_POINTS)
    return _("--points needs a number of frequencies from 2 to 100000");
  return NULL;
}

gboolean
bg_cli_bode_options_read (BgCliBodeOptions *o,
                          int               argc,
                          int              *exit_code)
{
  const char *problem;

  *exit_code = BG_CLI_EXIT_USAGE;
  if (!bg_cli_parse_number ("bode", "from", o->from_text, &o->from)
      || !bg_cli_parse_number ("bode", "to", o->to_text, &o->to)
      || !bg_cli_parse_count ("bode", "points", o->points_text, &o->points)
      || !read_max_time ("bode", o->max_time_text, &o->max_time)
      || !bg_cli_expect_one_model ("bode", argc))
    return FALSE;
  problem = check_bode (o);
  if (problem != NULL)
    {
      bg_cli_usage_error ("bode", problem);
      return FALSE;
    }
  if (!bg_cli_output_options_check (&o->out, "bode", exit_code))
    return FALSE;
  *exit_code = BG_CLI_EXIT_OK;
  return TRUE;
}

void
bg_cli_bode_options_clear (BgCliBodeOptions *o)
{
  g_clear_pointer (&o->input, g_free);
  g_clear_pointer (&o->output, g_free);
  g_clear_pointer (&o->from_text, g_free);
  g_clear_pointer (&o->to_text, g_free);
  g_clear_pointer (&o->points_text, g_free);
  g_clear_pointer (&o->max_time_text, g_free);
  bg_cli_output_options_clear (&o->out);
}
