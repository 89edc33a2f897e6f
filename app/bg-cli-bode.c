/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-bode.c — `bgmod-cli bode MODEL.bgmod --input SRC --output VAR
 * [--from F1] [--to F2] [--points N] [--csv OUT.csv|-] [--plot OUT.png|OUT.svg]`
 * (docs/command-line.md).
 *
 * Owns: the bode subcommand: choosing the input and output, the default
 * range from the eigenvalues, CSV `f,mag_db,phase_deg` (through
 * bg-cli-csv.c), the plot (bg_cli_write_bode_plot: a command with --plot
 * runs in bgmod-cli-draw), exit codes (0 done; 1 invalid model, conflict,
 * LAPACK or singular response; 2 usage error or unreadable file). Must not:
 * compute anything itself or write anything but data to stdout.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-bode.h"
#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-modes.h"

/* Frequencies a double resolves against typical eigenvalues. */
#define BODE_MIN_HZ 1e-12
#define BODE_MAX_HZ 1e12

typedef struct
{
  char              *input, *output;
  char              *from_text, *to_text;
  double             from, to;
  int                points;
  BgCliOutputOptions out;   /* --csv, --plot */
} Options;

static void
options_clear (Options *o)
{
  g_free (o->input);
  g_free (o->from_text);
  g_free (o->to_text);
  g_free (o->output);
  bg_cli_output_options_clear (&o->out);
}

static gboolean
write_csv (const BgBode *bode, const char *path, GError **error)
{
  BgCliCsv *csv = bg_cli_csv_open (path, error);

  if (csv == NULL)
    return FALSE;
  bg_cli_csv_text (csv, "f");
  bg_cli_csv_text (csv, "mag_db");
  bg_cli_csv_text (csv, "phase_deg");
  bg_cli_csv_end_row (csv);
  for (guint k = 0; k < bode->n; k++)
    {
      bg_cli_csv_number (csv, bode->f[k]);
      bg_cli_csv_number (csv, bode->mag_db[k]);
      bg_cli_csv_number (csv, bode->phase_deg[k]);
      bg_cli_csv_end_row (csv);
    }
  return bg_cli_csv_close (csv, error);
}

/* Checks the options that need no model; a message for the first bad one. */
static const char *
check_options (const Options *o)
{
  if (o->input == NULL)
    return _("--input is required: the id of a source (Se, Sf or a load)");
  if (o->output == NULL)
    return _("--output is required: a variable such as C1.e");
  if ((!isnan (o->from) && !(o->from > 0)) || (!isnan (o->to) && !(o->to > 0))
      || (!isnan (o->from) && !isnan (o->to) && !(o->to > o->from)))
    return _("--from and --to need frequencies in Hz with 0 < from < to");
  if ((!isnan (o->from) && (o->from < BODE_MIN_HZ || o->from > BODE_MAX_HZ))
      || (!isnan (o->to) && (o->to < BODE_MIN_HZ || o->to > BODE_MAX_HZ)))
    return _("--from and --to need frequencies from 1e-12 to 1e12 Hz");
  if (o->points < 2 || o->points > BG_BODE_MAX_POINTS)
    return _("--points needs a number of frequencies from 2 to 100000");
  return NULL;
}

/* The range: the options, completed from the eigenvalues. */
static gboolean
choose_range (const BgLinearization *lin, const Options *o, double *from, double *to,
              GError **error)
{
  g_autoptr (GArray) modes = NULL;
  double lo, hi;

  *from = o->from;
  *to = o->to;
  if (!isnan (*from) && !isnan (*to))
    return TRUE;
  modes = bg_modes_compute (lin, error);
  if (modes == NULL)
    return FALSE;
  bg_modes_bode_range (modes, &lo, &hi);
  if (isnan (*from))
    *from = isnan (*to) || lo < *to ? lo : *to / 1e4;
  if (isnan (*to))
    *to = hi > *from ? hi : *from * 1e4;
  return TRUE;
}

int
bg_cli_bode (int    argc,
             char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (BgBode) bode = NULL;
  g_autoptr (GError) error = NULL;
  Options o = { .from = NAN, .to = NAN, .points = BG_BODE_DEFAULT_POINTS };
  const char *outputs[2] = { NULL, NULL };
  const char *problem, *csv_path;
  int exit_code = BG_CLI_EXIT_OK, input, output;
  double from, to;
  const GOptionEntry entries[] = {
    { "input", 0, 0, G_OPTION_ARG_STRING, &o.input, N_("The source driving the response (its id)"), "SRC" },
    { "output", 0, 0, G_OPTION_ARG_STRING, &o.output, N_("The variable responding"), "VAR" },
    { "from", 0, 0, G_OPTION_ARG_STRING, &o.from_text,
      N_("Lowest frequency in Hz (default: a decade below the slowest mode)"), "F1" },
    { "to", 0, 0, G_OPTION_ARG_STRING, &o.to_text,
      N_("Highest frequency in Hz (default: a decade above the fastest mode)"), "F2" },
    { "points", 0, 0, G_OPTION_ARG_INT, &o.points,
      N_("Number of log-spaced frequencies (default 200)"), "N" },
    { NULL }
  };

  context = g_option_context_new ("MODEL.bgmod");
  g_option_context_set_summary (context,
                                N_("Computes the frequency response G(jω) = C (jωI − A)⁻¹ B + D from one source to one variable of the linearized model and writes CSV f,mag_db,phase_deg (standard output unless --csv or --plot is given)."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  bg_cli_output_options_add (&o.out, context);
  if (!bg_cli_parse (context, "bode", &argc, &argv)
      || !bg_cli_parse_number ("bode", "from", o.from_text, &o.from)
      || !bg_cli_parse_number ("bode", "to", o.to_text, &o.to)
      || !bg_cli_expect_one_model ("bode", argc))
    {
      options_clear (&o);
      return BG_CLI_EXIT_USAGE;
    }
  problem = check_options (&o);
  if (problem != NULL)
    {
      options_clear (&o);
      return bg_cli_usage_error ("bode", problem);
    }
  if (!bg_cli_output_options_check (&o.out, "bode", &exit_code))
    {
      options_clear (&o);
      return exit_code;
    }

  outputs[0] = o.output;
  lin = bg_cli_linearize_file ("bode", argv[1], 0, (const char *const *) outputs, &exit_code);
  if (lin == NULL)
    goto out;
  input = bg_linearization_lookup_input (lin, o.input);
  output = bg_linearization_lookup_output (lin, o.output);
  if (input < 0)
    {
      g_autoptr (GString) list = g_string_new (NULL);
      g_autofree char *message = NULL;

      for (guint k = 0; k < bg_linearization_get_n_inputs (lin); k++)
        g_string_append_printf (list, "%s%s", k > 0 ? ", " : "",
                                bg_linearization_get_input_name (lin, k));
      message = g_strdup_printf (_("“%s” is not a source of this model (sources: %s)"), o.input,
                                 list->len > 0 ? list->str : _("none"));
      exit_code = bg_cli_usage_error ("bode", message);
      goto out;
    }
  g_assert (output >= 0);

  if (!choose_range (lin, &o, &from, &to, &error)
      || (bode = bg_bode_compute (lin, (guint) input, (guint) output, from, to,
                                  (guint) o.points, &error)) == NULL)
    {
      g_printerr ("bgmod-cli bode: %s\n", error->message);
      exit_code = BG_CLI_EXIT_FAILED;
      goto out;
    }

  csv_path = bg_cli_output_options_csv_path (&o.out);
  if (csv_path != NULL)
    {
      g_autoptr (GError) write_error = NULL;
      if (!write_csv (bode, csv_path, &write_error))
        exit_code = bg_cli_write_failed ("bode", write_error);
    }
  if (o.out.plot != NULL)
    {
      g_autoptr (GError) plot_error = NULL;
      if (!bg_cli_write_bode_plot (bode, o.out.plot, &plot_error))
        exit_code = bg_cli_write_failed ("bode", plot_error);
    }

out:
  options_clear (&o);
  return exit_code;
}
