/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-export-fmu.c — `bgmod-cli export-fmu MODEL.bgmod --output NAME.fmu
 * [--fmi 3|2] [--inputs SRC,...] [--outputs VAR,...]` (docs/command-line.md).
 *
 * Owns: the options and the exit codes of the export: 0 written; 1 a
 * causal conflict, a model with nothing to export or one that does not
 * compile; 2 usage errors (an unknown option, --fmi other than 3 or 2, an
 * unknown input or output), an unreadable model, an FMU that cannot be
 * written; a missing runtime library is 1, as a missing bgmod-cli-draw. Must not: build the FMU itself
 * (core/fmi/bg-fmu-export.c does) or write anything to standard output.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-cli.h"
#include "bg-cli-output.h"
#include "bg-fmu-export.h"

int
bg_cli_export_fmu (int    argc,
                   char **argv)
{
  g_autoptr (BgModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *output = NULL, *fmi = NULL, *inputs = NULL, *outputs = NULL;
  g_auto (GStrv) input_names = NULL, output_names = NULL;
  BgFmuExportOptions options = { 0 };
  int exit_code = BG_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the FMU to this .fmu file"), N_("FILE") },
    { "fmi", 0, 0, G_OPTION_ARG_STRING, &fmi,
      N_("FMI version: 3 (default) or 2"), N_("VERSION") },
    { "inputs", 0, 0, G_OPTION_ARG_STRING, &inputs,
      N_("Sources whose waveform becomes an input of the FMU (default: none)"), N_("SRC,...") },
    { "outputs", 0, 0, G_OPTION_ARG_STRING, &outputs,
      N_("Variables the FMU gives as outputs (default: the main variable of each storage)"),
      N_("VAR,...") },
    { NULL }
  };

  if (!bg_cli_parse_entries ("export-fmu", "MODEL.bgmod",
                             N_("Writes the model as a Functional Mock-up Unit (FMI 3.0 or 2.0, Model Exchange and Co-Simulation) for other simulation tools."),
                             entries, &argc, &argv)
      || !bg_cli_expect_one_model ("export-fmu", argc))
    return BG_CLI_EXIT_USAGE;
  if (output == NULL)
    return bg_cli_usage_error ("export-fmu", _("missing --output NAME.fmu"));
  if (!g_str_has_suffix (output, ".fmu"))
    return bg_cli_usage_error ("export-fmu", _("the --output file must end in .fmu"));
  if (fmi == NULL || g_str_equal (fmi, "3") || g_str_equal (fmi, "3.0"))
    options.fmi_version = 3;
  else if (g_str_equal (fmi, "2") || g_str_equal (fmi, "2.0"))
    options.fmi_version = 2;
  else
    {
      g_autofree char *message = g_strdup_printf (_("--fmi: “%s” is not 3 or 2"), fmi);
      return bg_cli_usage_error ("export-fmu", message);
    }
  if (outputs != NULL && !bg_cli_check_vars ("export-fmu", outputs))
    return BG_CLI_EXIT_USAGE;
  input_names = bg_cli_split_vars (inputs);
  output_names = bg_cli_split_vars (outputs);
  options.inputs = (const char *const *) input_names;
  options.outputs = (const char *const *) output_names;

  if (!bg_cli_output_check (output, &error))
    return bg_cli_write_failed ("export-fmu", error);
  model = bg_cli_load_document (argv[1], &exit_code);
  if (model == NULL)
    return exit_code;

  if (bg_fmu_export (model, &options, output, &error))
    return BG_CLI_EXIT_OK;
  g_printerr ("bgmod-cli export-fmu: %s: %s\n", argv[1], error->message);
  if (g_error_matches (error, BG_FMU_ERROR, BG_FMU_ERROR_UNKNOWN_INPUT)
      || g_error_matches (error, BG_FMU_ERROR, BG_FMU_ERROR_UNKNOWN_OUTPUT))
    {
      g_printerr (_("Run “bgmod-cli %s --help” for its options.\n"), "export-fmu");
      return BG_CLI_EXIT_USAGE;
    }
  if (g_error_matches (error, BG_FMU_ERROR, BG_FMU_ERROR_WRITE))
    return BG_CLI_EXIT_USAGE;
  return BG_CLI_EXIT_FAILED;
}
