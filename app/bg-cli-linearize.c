/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-linearize.c — `bgmod-cli linearize MODEL.bgmod [--at T] [--vars a,b,...]
 * [--json] [--max-time S]` (docs/command-line.md).
 *
 * Owns: the linearize subcommand (A, B, C, D and the eigenvalues as docs/command-line.md's
 * JSON object or as a readable report), the time budget bode shares
 * (bg_cli_budget_check: an estimate over --max-time refused with what it
 * counts and what to change), and the helper bode shares: a model file →
 * its linearization about the state at time T, refused before any matrix
 * is made when over the budget. Exit codes: 0 done; 1 invalid model,
 * causal conflict, solver failure, too many states, over the time limit; 2
 * usage error or unreadable file. Its options are read by bg-cli-options.c.
 * Must not: compute anything itself (core/ does) or write anything but data
 * to stdout.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include <stdio.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-cli-progress.h"
#include "bg-compiler.h"
#include "bg-linearize.h"
#include "bg-modes.h"

/* The speed of printing on the reference machine (2 cores): one matrix
 * entry as JSON (shortest round trip) or as "%12.6g" text. */
#define SECONDS_PER_JSON_NUMBER 6e-7
#define SECONDS_PER_TEXT_NUMBER 3e-7

BgLinearization *
bg_cli_linearize_file (const char         *command,
                       const char         *path,
                       double              at,
                       const char *const  *outputs,
                       const BgCliBudget  *budget,
                       int                *exit_code)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BgModel) model = NULL;
  g_autoptr (BgCausality) causality = NULL;
  g_autoptr (BgPlan) plan = NULL;
  g_autofree double *x0 = NULL;
  BgSimSettings settings;
  BgLinearization *lin;
  guint n_outputs;

  model = bg_cli_load_model (path, exit_code);
  if (model == NULL)
    return NULL;
  causality = bg_causality_analyze (model);
  settings = *bg_model_get_simulation (model);
  if (at > 0)
    {
      settings.t_end = at;
      settings.output_step = at;
    }
  plan = bg_compiler_compile (model, causality, &settings, &error);
  if (plan == NULL)
    {
      g_printerr ("bgmod-cli %s: %s\n", command, error->message);
      *exit_code = BG_CLI_EXIT_FAILED;
      return NULL;
    }
  /* The model is done with; its memory goes before the matrices come. */
  g_clear_pointer (&causality, bg_causality_unref);
  g_clear_object (&model);

  n_outputs = outputs != NULL ? g_strv_length ((char **) outputs) : bg_plan_get_n_vars (plan) - 1;
  if (budget != NULL && bg_plan_get_n_states (plan) <= BG_LINEARIZE_MAX_STATES)
    {
      double seconds = bg_linearize_estimate_seconds (plan, n_outputs)
                       + (budget->estimate_before != NULL
                          ? budget->estimate_before (plan, n_outputs, budget->data) : 0);
      g_autofree char *detail = bg_cli_budget_detail (bg_plan_get_n_states (plan), n_outputs);

      if (!bg_cli_budget_check (budget, command, seconds, detail, exit_code))
        return NULL;
    }
  if (at > 0)
    {
      g_autoptr (BgCliProgress) progress = bg_cli_progress_new (command);

      /* Translators: the progress line while linearize runs to --at T */
      bg_cli_progress_set_phase (progress, _("simulating to the operating time"));
      x0 = bg_linearize_run_to_end (plan, NULL, &error);
      if (x0 == NULL)
        {
          g_clear_pointer (&progress, bg_cli_progress_free);
          g_printerr ("bgmod-cli %s: %s\n", command, error->message);
          *exit_code = BG_CLI_EXIT_FAILED;
          return NULL;
        }
    }
  lin = bg_linearize (plan, x0, at, outputs, &error);
  if (lin == NULL)
    {
      if (g_error_matches (error, BG_LINEARIZE_ERROR, BG_LINEARIZE_ERROR_UNKNOWN_VAR))
        *exit_code = bg_cli_usage_error (command, error->message);
      else
        {
          g_printerr ("bgmod-cli %s: %s\n", command, error->message);
          *exit_code = BG_CLI_EXIT_FAILED;
        }
    }
  return lin;
}

gboolean
bg_cli_budget_check (const BgCliBudget *budget,
                     const char        *command,
                     double             seconds,
                     const char        *detail,
                     int               *exit_code)
{
  g_autofree char *message = NULL;

  if (seconds <= budget->max_time)
    return TRUE;
  /* Translators: "This would take about 85 s (1999 states, 200 frequencies),
   * more than the limit of 60 s (--max-time). Use fewer --points, or raise
   * the limit." */
  message = g_strdup_printf (_("This would take about %.0f s (%s), more than the limit of %g s "
                               "(--max-time). %s Or raise the limit with --max-time."),
                             ceil (seconds), detail, budget->max_time, budget->advice);
  g_printerr ("bgmod-cli %s: %s\n", command, message);
  *exit_code = BG_CLI_EXIT_FAILED;
  return FALSE;
}

/* "1999 states, 26985 outputs" */
char *
bg_cli_budget_detail (guint n_states, guint n_outputs)
{
  g_autofree char *states = g_strdup_printf (ngettext ("%u state", "%u states", n_states),
                                             n_states);
  g_autofree char *outputs = g_strdup_printf (ngettext ("%u output", "%u outputs", n_outputs),
                                              n_outputs);

  return g_strdup_printf ("%s, %s", states, outputs);
}

/* The shortest "%.Ng" that reads back as the same double: valid JSON
 * (json-glib 1.6 writes 1e-10 as "1e-10.0"). */
void
bg_cli_append_json_number (GString *out, double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }
  for (int precision = 15; precision <= 17; precision++)
    {
      char format[8];
      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value + 0.0);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
}

static void
append_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if ((guchar) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
add_matrix (GString *out, const char *name, const double *mat, guint rows, guint cols)
{
  g_string_append_printf (out, "  \"%s\": [", name);
  for (guint i = 0; i < rows; i++)
    {
      g_string_append (out, i > 0 ? ",\n    [" : "\n    [");
      for (guint j = 0; j < cols; j++)
        {
          if (j > 0)
            g_string_append (out, ", ");
          bg_cli_append_json_number (out, mat[(gsize) i * cols + j]);
        }
      g_string_append_c (out, ']');
    }
  g_string_append (out, rows > 0 ? "\n  ],\n" : "],\n");
}

typedef const char *(*NameFunc) (const BgLinearization *lin, guint i);

static void
add_names (GString *out, const char *member, const BgLinearization *lin, guint n, NameFunc name)
{
  g_string_append_printf (out, "  \"%s\": [", member);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      append_string (out, name (lin, i));
    }
  g_string_append (out, "],\n");
}

static void
print_json (const BgLinearization *lin, GArray *modes)
{
  g_autoptr (GString) out = g_string_new ("{\n");
  guint n = bg_linearization_get_n_states (lin), m = bg_linearization_get_n_inputs (lin);
  guint p = bg_linearization_get_n_outputs (lin);

  add_names (out, "states", lin, n, bg_linearization_get_state_name);
  add_names (out, "inputs", lin, m, bg_linearization_get_input_name);
  add_names (out, "outputs", lin, p, bg_linearization_get_output_name);
  add_matrix (out, "A", bg_linearization_get_a (lin), n, n);
  add_matrix (out, "B", bg_linearization_get_b (lin), n, m);
  add_matrix (out, "C", bg_linearization_get_c (lin), p, n);
  add_matrix (out, "D", bg_linearization_get_d (lin), p, m);
  g_string_append (out, "  \"eigenvalues\": [");
  for (guint i = 0; i < modes->len; i++)
    {
      const BgMode *mode = &g_array_index (modes, BgMode, i);
      g_string_append (out, i > 0 ? ",\n    {\"re\": " : "\n    {\"re\": ");
      bg_cli_append_json_number (out, mode->re);
      g_string_append (out, ", \"im\": ");
      bg_cli_append_json_number (out, mode->im);
      g_string_append (out, ", \"frequency_hz\": ");
      bg_cli_append_json_number (out, mode->frequency_hz);
      g_string_append (out, ", \"damping\": ");
      bg_cli_append_json_number (out, mode->damping);
      g_string_append_c (out, '}');
    }
  g_string_append (out, modes->len > 0 ? "\n  ],\n" : "],\n");
  g_string_append (out, "  \"at\": ");
  bg_cli_append_json_number (out, bg_linearization_get_time (lin));
  g_string_append (out, "\n}\n");
  g_print ("%s", out->str);
}

static void
print_matrix (const char *title, const double *mat, guint rows, guint cols,
              const BgLinearization *lin, NameFunc row_name)
{
  g_autoptr (GString) line = g_string_new (NULL);

  g_print ("%s\n", title);
  if (rows == 0 || cols == 0)
    {
      g_print ("  %s\n", _("none"));
      return;
    }
  for (guint i = 0; i < rows; i++)
    {
      g_string_printf (line, "  %-12s", row_name (lin, i));
      for (guint j = 0; j < cols; j++)
        g_string_append_printf (line, " %12.6g", mat[(gsize) i * cols + j]);
      g_string_append_c (line, '\n');
      g_print ("%s", line->str);
    }
}

static void
print_names (const char *title, const BgLinearization *lin, guint n, NameFunc name)
{
  g_print ("%s ", title);
  if (n == 0)
    g_print ("%s", _("none"));
  for (guint i = 0; i < n; i++)
    g_print ("%s%s", i > 0 ? ", " : "", name (lin, i));
  g_print ("\n");
}

static void
print_report (const BgLinearization *lin, GArray *modes)
{
  guint n = bg_linearization_get_n_states (lin), m = bg_linearization_get_n_inputs (lin);
  guint p = bg_linearization_get_n_outputs (lin);

  g_print (_("Linearized at t = %g s (%s)\n"), bg_linearization_get_time (lin),
           bg_linearization_is_exact (lin) ? _("exact: the model is linear")
                                           : _("central differences: the model is nonlinear"));
  print_names (_("States:"), lin, n, bg_linearization_get_state_name);
  print_names (_("Inputs:"), lin, m, bg_linearization_get_input_name);
  print_matrix (_("A (rows: state derivatives, columns: states)"),
                bg_linearization_get_a (lin), n, n, lin, bg_linearization_get_state_name);
  print_matrix (_("B (rows: state derivatives, columns: inputs)"),
                bg_linearization_get_b (lin), n, m, lin, bg_linearization_get_state_name);
  print_matrix (_("C (rows: outputs, columns: states)"),
                bg_linearization_get_c (lin), p, n, lin, bg_linearization_get_output_name);
  print_matrix (_("D (rows: outputs, columns: inputs)"),
                bg_linearization_get_d (lin), p, m, lin, bg_linearization_get_output_name);
  g_print ("%s\n", _("Eigenvalues:"));
  if (modes->len == 0)
    g_print ("  %s\n", _("none"));
  for (guint i = 0; i < modes->len; i++)
    {
      const BgMode *mode = &g_array_index (modes, BgMode, i);
      g_print ("  %12.6g %+12.6gj   ", mode->re, mode->im);
      if (isnan (mode->damping))
        /* Translators: a zero eigenvalue: no damping ratio */
        g_print (_("f = 0 Hz, ζ undefined"));
      else
        g_print (_("f = %.6g Hz, ζ = %.4g"), mode->frequency_hz, mode->damping);
      g_print ("\n");
    }
}

/* Seconds to print the matrices: one number each. */
static double
print_seconds (guint n, guint m, guint p, gboolean json)
{
  double numbers = (double) n * n + (double) n * m + (double) p * n + (double) p * m;

  return numbers * (json ? SECONDS_PER_JSON_NUMBER : SECONDS_PER_TEXT_NUMBER);
}

typedef struct
{
  gboolean json;
} Budget;

/* Before linearizing: the printing of A and C (B and D, a column per
 * source, are counted once the sources are known). */
static double
before_cb (BgPlan *plan, guint n_outputs, gpointer data)
{
  const Budget *b = data;

  return print_seconds (bg_plan_get_n_states (plan), 0, n_outputs, b->json);
}

int
bg_cli_linearize (int    argc,
                  char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (BgLinearization) lin = NULL;
  g_autoptr (GArray) modes = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) outputs = NULL;
  g_autoptr (BgCliProgress) progress = NULL;
  BgCliLinearizeOptions o;
  Budget data = { FALSE };
  BgCliBudget budget = { 0 };
  int exit_code = BG_CLI_EXIT_OK;

  context = bg_cli_context_new ("MODEL.bgmod",
                                N_("Linearizes a model about its state at a time: the matrices A, B, C, D of ẋ = A x + B u, y = C x + D u, and the eigenvalues of A with their natural frequencies and damping ratios."),
                                NULL);
  bg_cli_linearize_options_add (&o, context);
  if (!bg_cli_parse (context, "linearize", &argc, &argv)
      || !bg_cli_linearize_options_read (&o, argc))
    {
      bg_cli_linearize_options_clear (&o);
      return BG_CLI_EXIT_USAGE;
    }

  outputs = bg_cli_split_vars (o.vars);
  data.json = o.json;
  budget.max_time = o.max_time;
  budget.estimate_before = before_cb;
  budget.data = &data;
  budget.advice = _("Name fewer outputs with --vars.");
  lin = bg_cli_linearize_file ("linearize", argv[1], o.at, (const char *const *) outputs, &budget,
                               &exit_code);
  if (lin == NULL)
    goto out;
  {
    guint n = bg_linearization_get_n_states (lin), p = bg_linearization_get_n_outputs (lin);
    double seconds = bg_linearize_estimate_seconds (bg_linearization_get_plan (lin), p)
                     + print_seconds (n, bg_linearization_get_n_inputs (lin), p, o.json)
                     + bg_modes_estimate_seconds (lin);
    g_autofree char *detail = bg_cli_budget_detail (n, p);

    /* The eigenvalues too, now that A's pattern is known. */
    budget.advice = _("The eigenvalues of many states take most of it; name fewer outputs with --vars.");
    if (!bg_cli_budget_check (&budget, "linearize", seconds, detail, &exit_code))
      goto out;
  }
  progress = bg_cli_progress_new ("linearize");
  /* Translators: the progress line of linearize */
  bg_cli_progress_set_phase (progress, _("computing the eigenvalues"));
  modes = bg_modes_compute (lin, &error);
  if (modes == NULL)
    {
      g_clear_pointer (&progress, bg_cli_progress_free);
      g_printerr ("bgmod-cli linearize: %s\n", error->message);
      exit_code = BG_CLI_EXIT_FAILED;
      goto out;
    }
  /* Translators: the progress line of linearize */
  bg_cli_progress_set_phase (progress, _("printing the matrices"));
  if (o.json)
    print_json (lin, modes);
  else
    print_report (lin, modes);
  g_clear_pointer (&progress, bg_cli_progress_free);

out:
  bg_cli_linearize_options_clear (&o);
  return exit_code;
}
