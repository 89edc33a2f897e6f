/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-equations.c — `bgmod-cli equations MODEL.bgmod [--json | --latex]`.
 *
 * Owns: printing the state equations of a model (docs/command-line.md as
 * text (one equation a line, then the symbols), as docs/command-line.md's JSON object,
 * or as a LaTeX align* block; the chosen outputs are the variables plotted
 * in the model's view. Exit codes: 0 printed, 1 invalid model or causal
 * conflict (or no symbolic form), 2 usage error or unreadable file. Must
 * not: derive anything itself (bg-equations.c does).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-equations.h"

int
bg_cli_equations (int    argc,
                  char **argv)
{
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(BgEquations) equations = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) outputs = NULL;
  g_autofree char *text = NULL;
  gboolean json = FALSE;
  gboolean latex = FALSE;
  int exit_code = BG_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the equations as one JSON object"), NULL },
    { "latex", 0, 0, G_OPTION_ARG_NONE, &latex,
      N_("Print the equations as a LaTeX align* block"), NULL },
    { NULL }
  };

  if (!bg_cli_parse_entries ("equations", "MODEL.bgmod",
                             N_("Derives the state equations dx/dt = f(x, u) from the causal bond graph, in textbook form."),
                             entries, &argc, &argv))
    return BG_CLI_EXIT_USAGE;
  if (json && latex)
    return bg_cli_usage_error ("equations", _("--json and --latex exclude each other"));
  if (!bg_cli_expect_one_model ("equations", argc))
    return BG_CLI_EXIT_USAGE;

  model = bg_cli_load_model (argv[1], &exit_code);
  if (model == NULL)
    return exit_code;

  causality = bg_causality_analyze (model);
  outputs = bg_equations_dup_view_outputs (model);
  equations = bg_equations_derive (model, causality, (const char *const *) outputs, &error);
  if (equations == NULL && g_error_matches (error, BG_EQUATIONS_ERROR,
                                            BG_EQUATIONS_ERROR_UNKNOWN_OUTPUT))
    {
      /* A plotted variable without a symbolic form: say so, give the rest. */
      g_printerr ("%s: %s\n", _("warning"), error->message);
      g_clear_error (&error);
      equations = bg_equations_derive (model, causality, NULL, &error);
    }
  if (equations == NULL)
    {
      g_printerr ("bgmod-cli: %s\n", error->message);
      return BG_CLI_EXIT_FAILED;
    }

  if (json)
    text = bg_equations_to_json (equations);
  else if (latex)
    text = bg_equations_to_latex (equations);
  else
    text = bg_equations_to_text (equations);
  g_print ("%s%s", text, json ? "\n" : "");
  return BG_CLI_EXIT_OK;
}
