/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-analyze.c — `bgmod-cli analyze MODEL.bgmod [--steps] [--json]`.
 *
 * Owns: printing a causality analysis, as docs/command-line.md's JSON object or as a
 * readable report (strokes per bond, states, algebraic groups, errors and
 * warnings, the verified remedies of a conflict); with --steps, the SCAP
 * trace first (one numbered step a line, its phase, the steps it follows
 * from and why), and the exit code: 0 when the causality is OK, 1 for an
 * invalid model or a conflict, 2 for a usage error or an unreadable file.
 * Must not:
 * analyse anything itself (bg-causality.c does), or write anything but data
 * to stdout.
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-causality-trace.h"
#include "bg-cli.h"
#include "bg-remedy.h"

static void
print_bonds (BgModel           *model,
             const BgCausality *causality)
{
  GPtrArray *bonds = bg_model_get_bonds (model);
  int width = 0;

  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);

      width = MAX (width, (int) g_utf8_strlen (bond->id, -1));
    }

  g_print ("%s\n", _("Bonds (the causal stroke marks the end that receives effort):"));
  if (bonds->len == 0)
    g_print ("  %s\n", _("none"));
  for (guint b = 0; b < bonds->len; b++)
    {
      BgBond *bond = g_ptr_array_index (bonds, b);
      g_autofree char *from = bg_model_dup_port_name (model, bond, FALSE);
      g_autofree char *to = bg_model_dup_port_name (model, bond, TRUE);
      g_autofree char *from_ref = g_strdup_printf ("%s.%s", bond->from->id, from);
      g_autofree char *to_ref = g_strdup_printf ("%s.%s", bond->to->id, to);
      BgStroke stroke = bg_causality_get_stroke (causality, b);

      g_print ("  %-*s  %s → %s  ", width, bond->id, from_ref, to_ref);
      if (stroke == BG_STROKE_AT_TO)
        /* Translators: "to" is the end of the bond the stroke is at. */
        g_print (C_("stroke end", "stroke at %s (to)"), bond->to->id);
      else if (stroke == BG_STROKE_AT_FROM)
        /* Translators: "from" is the end of the bond the stroke is at. */
        g_print (C_("stroke end", "stroke at %s (from)"), bond->from->id);
      else
        g_print ("%s", _("no stroke"));
      g_print ("\n");
    }
}

static void
print_strv_line (const char *const *ids)
{
  for (guint i = 0; ids[i] != NULL; i++)
    g_print ("%s%s", i > 0 ? ", " : "", ids[i]);
  g_print ("\n");
}

static void
print_report (BgModel           *model,
              const BgCausality *causality)
{
  const GPtrArray *states = bg_causality_get_states (causality);
  const GPtrArray *groups = bg_causality_get_algebraic_groups (causality);
  g_autofree char *summary = NULL;

  print_bonds (model, causality);

  g_print ("%s ", _("States:"));
  if (states->len == 0)
    g_print ("%s\n", _("none"));
  for (guint i = 0; i < states->len; i++)
    g_print ("%s%s", (const char *) g_ptr_array_index (states, i),
             i + 1 < states->len ? ", " : "\n");

  if (groups->len == 0)
    g_print ("%s %s\n", _("Algebraic groups:"), _("none"));
  else
    g_print ("%s\n", _("Algebraic groups:"));
  for (guint i = 0; i < groups->len; i++)
    {
      const BgAlgebraicGroup *group = g_ptr_array_index (groups, i);

      g_print ("  %u. ", i + 1);
      g_print ("%s ", _("elements"));
      print_strv_line ((const char *const *) group->elements);
      g_print ("     %s ", _("bonds"));
      print_strv_line ((const char *const *) group->bonds);
    }

  summary = bg_causality_dup_summary (causality);
  if (bg_causality_is_ok (causality))
    g_print ("%s\n", summary);
  else
    {
      guint n = bg_causality_get_errors (causality)->len;

      g_print (ngettext ("Causality has %u error (listed on stderr)\n",
                         "Causality has %u errors (listed on stderr)\n", n), n);
    }
}

/* The trace as a teacher would read it out:
 *   3. [propagation, after 2] 0-junction J_P takes its pressure from ... */
static void
print_steps (const BgCausalityTrace *trace)
{
  guint n = bg_causality_trace_get_n_steps (trace);
  int width = 1;

  for (guint k = n; k >= 10; k /= 10)
    width++;
  g_print ("%s\n", _("How the strokes follow from the rules (SCAP), step by step:"));
  if (n == 0)
    g_print ("  %s\n", _("none"));
  for (guint i = 0; i < n; i++)
    {
      const BgTraceStep *step = bg_causality_trace_get_step (trace, i);
      g_autoptr(GString) tag = g_string_new (bg_trace_phase_display_name (step->phase));

      if (step->conflict)
        /* Translators: the tag of a step where the rules contradict each other */
        g_string_printf (tag, "%s", _("CONFLICT"));
      if (step->n_after > 0)
        {
          g_string_append (tag, ", ");
          g_string_append (tag, ngettext ("after step", "after steps", step->n_after));
          g_string_append_c (tag, ' ');
          for (guint k = 0; k < step->n_after; k++)
            g_string_append_printf (tag, "%s%u", k > 0 ? ", " : "", step->after[k] + 1);
        }
      g_print ("  %*u. [%s] %s\n", width, i + 1, tag->str, step->sentence);
    }
  g_print ("\n");
}

static void
print_diagnostics (const GPtrArray *diagnostics,
                   const char      *prefix)
{
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (diagnostics, i);

      g_printerr ("%s: %s [%s]\n", prefix, d->message, d->code);
    }
}

/* Each remedy with the whole command that applies it, so it can be typed
 * as shown. */
static void
print_remedies (BgModel           *model,
                const BgCausality *causality,
                const char        *path)
{
  int conflict = bg_remedy_first_conflict (causality);
  g_autoptr(GPtrArray) remedies = NULL;
  /* quoted only when a shell would split or expand it */
  g_autofree char *quoted = path[strspn (path, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                "0123456789._/-+")] == '\0'
                            ? g_strdup (path) : g_shell_quote (path);

  if (conflict < 0)
    return;
  remedies = bg_remedy_list (model, causality, (guint) conflict);
  for (guint k = 0; k < remedies->len; k++)
    /* Translators: "remedy 1: Add a resistance ... (bgmod-cli fix model.bgmod
     * --output fixed.bgmod --remedy 1)"; keep the command as it is */
    g_printerr (_("remedy %u: %s (bgmod-cli fix %s --output fixed.bgmod --remedy %u)\n"), k + 1,
                bg_remedy_get_text (g_ptr_array_index (remedies, k)), quoted, k + 1);
}

int
bg_cli_analyze (int    argc,
                char **argv)
{
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(BgCausalityTrace) trace = NULL;
  gboolean json = FALSE;
  gboolean steps = FALSE;
  int exit_code = BG_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the analysis as one JSON object"), NULL },
    { "steps", 0, 0, G_OPTION_ARG_NONE, &steps,
      N_("Explain the causality assignment step by step (the SCAP procedure)"), NULL },
    { NULL }
  };

  if (!bg_cli_parse_entries ("analyze", "MODEL.bgmod",
                             N_("Assigns causal strokes to the bonds of a model and reports states, algebraic groups and conflicts."),
                             entries, &argc, &argv)
      || !bg_cli_expect_one_model ("analyze", argc))
    return BG_CLI_EXIT_USAGE;

  model = bg_cli_load_model (argv[1], &exit_code);
  if (model == NULL)
    return exit_code;

  if (steps)
    causality = bg_causality_analyze_traced (model, &trace);
  else
    causality = bg_causality_analyze (model);
  if (json && steps)
    {
      g_autofree char *steps_text = bg_causality_trace_to_json (trace, causality);
      g_autofree char *text = bg_remedy_add_to_json (model, causality, steps_text);

      g_print ("%s\n", text);
    }
  else if (json)
    {
      g_autofree char *text = bg_remedy_analysis_to_json (model, causality);

      g_print ("%s\n", text);
    }
  else
    {
      if (steps)
        print_steps (trace);
      print_report (model, causality);
      print_diagnostics (bg_causality_get_errors (causality), _("error"));
      print_remedies (model, causality, argv[1]);
      print_diagnostics (bg_causality_get_warnings (causality), _("warning"));
    }

  return bg_causality_is_ok (causality) ? BG_CLI_EXIT_OK : BG_CLI_EXIT_FAILED;
}
