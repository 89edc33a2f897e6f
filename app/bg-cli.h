/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli.h — the subcommands of bgmod-cli and the helpers they share.
 *
 * Owns: one entry point per subcommand, each in its own file
 * (bg-cli-<command>.c), and the exit codes of docs/command-line.md. Must not: be used
 * outside app/ (the GUI does not link it).
 *
 * Each entry point receives the arguments from the subcommand's name on
 * (argv[0] = "analyze"), parses its options with its own GOptionContext
 * (the shared options are in bg-cli-options.h, the CSV writer in
 * bg-cli-csv.h) and returns the process exit code.
 */
#pragma once

#include <glib.h>
#include "bg-bode.h"
#include "bg-causality-check.h"
#include "bg-cli-options.h"
#include "bg-model.h"
#include "bg-model-flatten.h"
#include "bg-linearize.h"
#include "bg-simulator.h"
#include "bg-sweep.h"

G_BEGIN_DECLS

typedef enum
{
  BG_CLI_EXIT_OK = 0,      /* success */
  BG_CLI_EXIT_FAILED = 1,  /* invalid model, causal conflict, solver failure */
  BG_CLI_EXIT_USAGE = 2,   /* usage error or unreadable file */
} BgCliExit;

int      bg_cli_analyze     (int    argc,
                             char **argv);
int      bg_cli_components  (int    argc,
                             char **argv);
/* app/bg-cli-equations.c */
int      bg_cli_equations   (int    argc,
                             char **argv);
/* app/bg-cli-simulate.c and app/bg-cli-render.c. */
int      bg_cli_simulate    (int    argc,
                             char **argv);
int      bg_cli_render      (int    argc,
                             char **argv);
/* app/bg-cli-energy.c */
int      bg_cli_energy      (int    argc,
                             char **argv);
/* app/bg-cli-linearize.c and app/bg-cli-bode.c. */
int      bg_cli_linearize   (int    argc,
                             char **argv);
int      bg_cli_bode        (int    argc,
                             char **argv);

/* What bode and linearize may spend (--max-time): the limit, what the
 * command adds to the linearization before it starts (from the plan and
 * the number of outputs; NULL: nothing), and the advice of the refusal. */
typedef struct
{
  double       max_time;
  double     (*estimate_before) (BgPlan   *plan,
                                 guint     n_outputs,
                                 gpointer  data);
  gpointer     data;
  const char  *advice;
} BgCliBudget;

/* FALSE, with "bgmod-cli COMMAND: This would take about N s (DETAIL),
 * more than the limit of L s (--max-time). ADVICE Or raise the limit with
 * --max-time." and *exit_code = 1, when seconds exceed the limit. */
gboolean bg_cli_budget_check (const BgCliBudget *budget,
                              const char        *command,
                              double             seconds,
                              const char        *detail,
                              int               *exit_code);
/* "1999 states, 200 outputs": what an estimate counts. */
char    *bg_cli_budget_detail (guint n_states,
                               guint n_outputs);

/* The linearization of the model file about its state at time at (0: the
 * initial state), for the outputs (NULL: every variable), refused before
 * any matrix is made when the budget (NULL: none) would be exceeded. On
 * failure prints the message, sets *exit_code and returns NULL. */
BgLinearization *bg_cli_linearize_file (const char        *command,
                                        const char        *path,
                                        double             at,
                                        const char *const *outputs,
                                        const BgCliBudget *budget,
                                        int               *exit_code);
/* Appends a double as a JSON number that reads back exactly ("null" for
 * a non-finite value). */
void     bg_cli_append_json_number (GString *out,
                                    double   value);
/* app/bg-cli-sweep.c: `simulate --sweep` once the model, its plan, its
 * settings and the variables (indices, t first) are known: csv_vars is
 * --vars (NULL: the main variables), plot_vars what --plot draws; returns
 * the exit code. */
int      bg_cli_simulate_sweep (BgModel                  *model,
                                BgPlan                   *plan,
                                const BgSimSettings      *settings,
                                const char               *spec,
                                GArray                   *csv_vars,
                                GArray                   *plot_vars,
                                const BgCliOutputOptions *out,
                                guint64                   max_memory);
/* app/bg-cli-compare.c: `simulate A --compare B` once A, its plan, its
 * settings (B runs with them) and --vars (indices, t first; NULL: A's
 * main variables) are known; returns the exit code. */
int      bg_cli_simulate_compare (const char               *path_a,
                                  BgModel                  *model_a,
                                  BgPlan                   *plan_a,
                                  const BgSimSettings      *settings,
                                  GArray                   *vars,
                                  const char               *path_b,
                                  const BgCliOutputOptions *out,
                                  guint64                   max_memory);
/* The columns of a sweep or a comparison without --vars: t (index 0) and
 * the model's main variables that plan has (app/bg-cli-sweep.c). */
GArray  *bg_cli_main_columns (BgModel *model,
                              BgPlan  *plan);
/* "R1.value=100": a sweep run's label (app/bg-cli-sweep.c). */
char    *bg_cli_sweep_run_label (BgSweep *sweep,
                                 guint    run);

/* Drawing. bgmod-cli-draw draws (app/bg-cli-draw.c, with the renderers);
 * bgmod-cli links no renderer and hands a command that draws over to it
 * (app/bg-cli-draw-elsewhere.c). */
/* The command line as main received it (before any parsing); kept by the
 * caller. */
void     bg_cli_set_command_line (char **argv);
/* FALSE when this program draws; otherwise runs bgmod-cli-draw with the
 * command line in this process's place, and returns only when that failed
 * (TRUE, the reason printed, *exit_code set). */
gboolean bg_cli_draw_elsewhere (const char *command,
                                int        *exit_code);
/* 1000 × 700 plot files, PNG, SVG or PDF by the name's suffix. */
gboolean bg_cli_write_simulation_plot (BgPlan            *plan,
                                       BgResult          *result,
                                       GArray            *vars,
                                       const BgSimReport *report,
                                       const char        *path,
                                       GError           **error);
/* runs: the indices of the runs to draw. */
gboolean bg_cli_write_sweep_plot      (BgSweep           *sweep,
                                       GArray            *vars,
                                       GArray            *runs,
                                       const char        *path,
                                       GError           **error);
/* Both runs of --compare overlaid, "C1.e [A]" and "C1.e [B]": columns[s]
 * are side s's variable indices (t first), labels its name. */
gboolean bg_cli_write_compare_plot    (BgResult   *const  results[2],
                                       GArray     *const  columns[2],
                                       const char *const  labels[2],
                                       const char        *path,
                                       GError           **error);
gboolean bg_cli_write_bode_plot       (const BgBode      *bode,
                                       const char        *path,
                                       GError           **error);
/* The feedback sheet of a student's file (ui/render/bg-feedback-sheet.h),
 * PNG, SVG or PDF by the name's suffix: file as the teacher named it, the
 * document as loaded (components kept), map its bg_model_flatten map (NULL
 * without components) and grade its flat graph's (bg_grade_exercise). */
gboolean bg_cli_write_feedback_sheet  (const char        *file,
                                       BgModel           *document,
                                       BgFlatMap         *map,
                                       const BgGrade     *grade,
                                       double             presentation_scale,
                                       const char        *path,
                                       GError           **error);

/* app/bg-cli-export-fmu.c */
int      bg_cli_export_fmu  (int    argc,
                             char **argv);
/* app/bg-cli-grade.c and app/bg-cli-fix.c. */
int      bg_cli_grade       (int    argc,
                             char **argv);
int      bg_cli_fix         (int    argc,
                             char **argv);

/* Prints "bgmod-cli COMMAND: message" and the --help hint to stderr;
 * returns BG_CLI_EXIT_USAGE. */
int      bg_cli_usage_error (const char *command,
                             const char *message);
/* Prints "bgmod-cli COMMAND: message" for an output file (CSV or plot)
 * that could not be written; returns BG_CLI_EXIT_USAGE. */
int      bg_cli_write_failed (const char   *command,
                              const GError *error);
/* Prints each of the analysis's conflicts on stderr as
 * "bgmod-cli COMMAND: [PATH: ]message" (path NULL: none); returns
 * BG_CLI_EXIT_FAILED, the exit code of a model that cannot run. */
int      bg_cli_report_conflicts (const char        *command,
                                  const char        *path,
                                  const BgCausality *causality);
/* Loads a model file as the flat graph every analysis takes: components
 * drawn out under path ids (bg-model-flatten.h). On failure prints the
 * message to stderr, sets *exit_code (2: unreadable, 1: not a valid model)
 * and returns NULL. */
BgModel *bg_cli_load_model    (const char *path,
                               int        *exit_code);
/* The same, keeping the components (for commands that draw or write the
 * model as the user made it: render, fix). */
BgModel *bg_cli_load_document (const char *path,
                               int        *exit_code);
/* The document (components kept), also keeping the file's text in *text
 * (NULL when the file could not be read whole: the model then came from
 * bg_cli_load_document). */
BgModel *bg_cli_load_model_text (const char *path,
                                 char      **text,
                                 gsize      *length,
                                 int        *exit_code);

G_END_DECLS
