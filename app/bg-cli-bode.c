/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-bode.c — `bgmod-cli bode MODEL.bgmod --input SRC --output VAR
 * [--from F1] [--to F2] [--points N] [--csv OUT.csv|-] [--plot OUT.png|OUT.svg]`
 * (docs/command-line.md).
 *
 * Owns: the bode subcommand: choosing the input and output, the default
 * range from the poles (bg-pole-bounds.c: the eigenvalues of a small
 * model, bounds read off the response's Hessenberg form for a large one,
 * which is then reduced once for both), CSV `f,mag_db,phase_deg` (through
 * bg-cli-csv.c), the plot (bg_cli_write_bode_plot: a command with --plot
 * runs in bgmod-cli-draw), the cost estimated before the work (refused
 * over --max-time), the progress line, exit codes (0 done; 1 invalid
 * model, conflict, LAPACK or singular response, over the time limit; 2
 * usage error or unreadable file). Its options are read by
 * bg-cli-options.c. Must not: compute anything itself or write anything
 * but data to stdout.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-bode.h"
#include "bg-cli.h"
#include "bg-cli-csv.h"
#include "bg-cli-progress.h"
#include "bg-pole-bounds.h"

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

static void
bode_progress_cb (guint done, guint total, gpointer data)
{
  bg_cli_progress_set_fraction (data, (double) done / total);
}

/* The range: the options, completed from the default range lo … hi
 * (bg_pole_bounds_bode_range), within BG_CLI_BODE_MIN_HZ …
 * BG_CLI_BODE_MAX_HZ. */
static void
complete_range (const BgCliBodeOptions *o, double lo, double hi, double *from, double *to)
{
  *from = o->from;
  *to = o->to;
  lo = CLAMP (lo, BG_CLI_BODE_MIN_HZ, BG_CLI_BODE_MAX_HZ);
  hi = CLAMP (hi, BG_CLI_BODE_MIN_HZ, BG_CLI_BODE_MAX_HZ);
  if (isnan (*from))
    *from = isnan (*to) || lo < *to ? lo : MAX (*to / 1e4, BG_CLI_BODE_MIN_HZ);
  if (isnan (*to))
    *to = hi > *from ? hi : MIN (*from * 1e4, BG_CLI_BODE_MAX_HZ);
  if (!(*to > *from))
    {
      /* Every mode at one limit (a model of modes all above 1e12 Hz). */
      *from = MIN (*from, BG_CLI_BODE_MAX_HZ / 10);
      *to = MAX (*to, *from * 10);
    }
}

/* The response: for a small model the default range from the eigenvalues
 * first, then the form; for a large one the form first, its Hessenberg
 * matrix bounding the poles, then the frequencies. */
static BgBode *
compute (const BgLinearization *lin, const BgCliBodeOptions *o, guint input, guint output,
         BgCliProgress *progress, GError **error)
{
  gboolean need_range = isnan (o->from) || isnan (o->to);
  gboolean exact = bg_pole_bounds_is_exact (lin);
  g_autoptr (BgBodeForm) form = NULL;
  double lo = 0, hi = 0, from = o->from, to = o->to;

  if (need_range && exact)
    {
      /* Translators: the progress line of bode */
      bg_cli_progress_set_phase (progress, _("computing the eigenvalues"));
      if (!bg_pole_bounds_bode_range (lin, NULL, &lo, &hi, error))
        return NULL;
    }
  /* Translators: the progress line of bode */
  bg_cli_progress_set_phase (progress, _("computing the response"));
  form = bg_bode_form_new (lin, input, output, error);
  if (form == NULL)
    return NULL;
  if (need_range && !exact)
    {
      /* Translators: the progress line of bode */
      bg_cli_progress_set_phase (progress, _("bounding the poles"));
      if (!bg_pole_bounds_bode_range (lin, form, &lo, &hi, error))
        return NULL;
      /* Translators: the progress line of bode */
      bg_cli_progress_set_phase (progress, _("computing the response"));
    }
  if (need_range)
    complete_range (o, lo, hi, &from, &to);
  return bg_bode_form_compute (form, from, to, (guint) o->points, bode_progress_cb, progress,
                               error);
}

int
bg_cli_bode (int    argc,
             char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (BgBode) bode = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (BgCliProgress) progress = NULL;
  BgCliBodeOptions o;
  BgCliBudget budget = { 0 };
  const char *outputs[2] = { NULL, NULL };
  const char *csv_path;
  int exit_code = BG_CLI_EXIT_OK, input, output;

  context = bg_cli_context_new ("MODEL.bgmod",
                                N_("Computes the frequency response G(jω) = C (jωI − A)⁻¹ B + D from one source to one variable of the linearized model and writes CSV f,mag_db,phase_deg (standard output unless --csv or --plot is given)."),
                                NULL);
  bg_cli_bode_options_add (&o, context);
  if (!bg_cli_parse (context, "bode", &argc, &argv))
    {
      bg_cli_bode_options_clear (&o);
      return BG_CLI_EXIT_USAGE;
    }
  if (!bg_cli_bode_options_read (&o, argc, &exit_code))
    {
      bg_cli_bode_options_clear (&o);
      return exit_code;
    }

  outputs[0] = o.output;
  budget.max_time = o.max_time;
  budget.advice = isnan (o.from) || isnan (o.to)
                  ? _("Use fewer --points, or give --from and --to: the default range needs the eigenvalues.")
                  : _("Use fewer --points.");
  lin = bg_cli_linearize_file ("bode", argv[1], 0, (const char *const *) outputs, &budget,
                               &exit_code);
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

  /* Up front: the response's cost, now that A's pattern is known. */
  {
    gboolean need_range = isnan (o.from) || isnan (o.to);
    gboolean exact = bg_pole_bounds_is_exact (lin);
    guint n = bg_linearization_get_n_states (lin);
    double seconds = bg_linearize_estimate_seconds (bg_linearization_get_plan (lin), 1)
                     + bg_bode_estimate_seconds (lin, (guint) o.points)
                     + (need_range ? bg_pole_bounds_estimate_seconds (lin) : 0);
    g_autofree char *states = g_strdup_printf (ngettext ("%u state", "%u states", n), n);
    g_autofree char *points = g_strdup_printf (ngettext ("%d frequency", "%d frequencies", o.points),
                                               o.points);
    g_autofree char *detail = g_strdup_printf (need_range && exact
                                               ? _("%s, %s, and the eigenvalues for the default range")
                                               : "%s, %s",
                                               states, points);

    /* Bounding the poles costs little next to the response. */
    if (!exact)
      budget.advice = _("Use fewer --points.");

    if (!bg_cli_budget_check (&budget, "bode", seconds, detail, &exit_code))
      goto out;
  }

  progress = bg_cli_progress_new ("bode");
  bode = compute (lin, &o, (guint) input, (guint) output, progress, &error);
  g_clear_pointer (&progress, bg_cli_progress_free);
  if (bode == NULL)
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
  bg_cli_bode_options_clear (&o);
  return exit_code;
}
