/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-fix.c — `bgmod-cli fix MODEL.bgmod --output OUT.bgmod [--remedy K]`.
 *
 * Owns: applying remedy K (default 1) of the model's first causal conflict,
 * as `analyze --json` lists them, and writing the result; the exit code: 0
 * when written, 1 when the model is invalid, has no conflict or no such
 * remedy, 2 for a usage error, an unreadable model or an unwritable output.
 * Must not: decide remedies itself (bg-remedy.c does).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-file.h"
#include "bg-remedy.h"

int
bg_cli_fix (int    argc,
            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(GPtrArray) remedies = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  int remedy = 1;
  int exit_code = BG_CLI_EXIT_OK;
  int conflict;
  const BgRemedy *chosen;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the fixed model to this .bgmod file"), N_("FILE") },
    { "remedy", 0, 0, G_OPTION_ARG_INT, &remedy,
      N_("Which remedy of the first conflict to apply, from 1 (default 1)"), N_("K") },
    { NULL }
  };

  context = g_option_context_new ("MODEL.bgmod");
  g_option_context_set_summary (context,
                                N_("Applies one of the remedies analyze --json lists for the first causal conflict, and writes the result."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!bg_cli_parse (context, "fix", &argc, &argv)
      || !bg_cli_expect_one_model ("fix", argc))
    return BG_CLI_EXIT_USAGE;
  if (output == NULL)
    return bg_cli_usage_error ("fix", _("missing --output OUT.bgmod"));
  if (remedy < 1)
    return bg_cli_usage_error ("fix", _("--remedy must be 1 or more"));

  model = bg_cli_load_document (argv[1], &exit_code);
  if (model == NULL)
    return exit_code;

  causality = bg_causality_analyze (model);
  conflict = bg_remedy_first_conflict (causality);
  if (conflict < 0)
    {
      g_printerr (_("bgmod-cli: %s has no causal conflict to fix\n"), argv[1]);
      return BG_CLI_EXIT_FAILED;
    }
  remedies = bg_remedy_list (model, causality, (guint) conflict);
  if ((guint) remedy > remedies->len)
    {
      g_printerr (ngettext ("bgmod-cli: no remedy %d: the first conflict has %u remedy\n",
                            "bgmod-cli: no remedy %d: the first conflict has %u remedies\n",
                            remedies->len),
                  remedy, remedies->len);
      return BG_CLI_EXIT_FAILED;
    }
  chosen = g_ptr_array_index (remedies, remedy - 1);
  if (!bg_remedy_apply (chosen, model, &error))
    {
      g_printerr ("bgmod-cli: %s\n", error->message);
      return BG_CLI_EXIT_FAILED;
    }
  if (!bg_file_save_path (model, output, &error))
    {
      g_printerr ("bgmod-cli: %s\n", error->message);
      return BG_CLI_EXIT_USAGE;
    }
  g_printerr (_("Applied: %s\n"), bg_remedy_get_text (chosen));
  return BG_CLI_EXIT_OK;
}
