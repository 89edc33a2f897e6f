/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-causality-trace-sentences.c — the sentences of the SCAP trace: why
 * each step took its stroke, in the words a student reads ("because" in
 * `bgmod-cli analyze --steps --json`, docs/command-line.md).
 *
 * Owns: one translated sentence per stroke step, chosen by the phase, the
 * component's causal rule and its port roles, in the domain's effort and
 * flow names (so a new component kind is explained by the rule it
 * declares); the note on a storage at the bond's other end; the sentence
 * added to a choice that closes an algebraic loop. Must not: record steps
 * or keep anything (bg-causality-trace.c does), decide any stroke, or know
 * about GTK.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-causality-trace-private.h"
#include "bg-component-kind-private.h"
#include "bg-domain.h"
#include "bg-library.h"

/* Words ------------------------------------------------------------------ */

static inline int
end_port (BgBond *bond,
          guint   side)
{
  return side ? bond->to_port : bond->from_port;
}

static BgDomain
port_domain (BgElement *el,
             int        port)
{
  const BgComponentSpec *spec = el->spec;

  /* A named port knows its domain (a gyrator's S may differ from P). */
  if (port >= 0 && (guint) port < spec->n_ports)
    return spec->ports[port].domain;
  return spec->domain;
}

/* The domain the bond carries. */
static BgDomain
bond_domain (BgBond *bond)
{
  BgDomain d = port_domain (bond->from, bond->from_port);

  return d != BG_DOMAIN_NONE ? d : port_domain (bond->to, bond->to_port);
}

static const char *
port_name (BgElement *el,
           int        port)
{
  if (port >= 0 && (guint) port < el->spec->n_ports)
    return el->spec->ports[port].name;
  return "?";
}

/* "0-junction J1", "Pressure source TANK". */
static char *
title (BgElement *el)
{
  /* A junction's name ("Common pressure") says less than its noun. */
  if (el->spec->kind->junction != BG_JUNCTION_NONE)
    return _bg_component_kind_describe (el->spec->kind, el->id);
  /* Translators: a component's name and its id: "Pressure source TANK" */
  return g_strdup_printf (C_("component", "%s %s"),
                          bg_component_spec_display_name (el->spec), el->id);
}

/* Sentences by phase and rule -------------------------------------------- */

static char *
sentence_fixed (BgElement *x,
                BgBond    *bond,
                guint      side,
                gboolean   recv)
{
  g_autofree char *who = title (x);
  BgElement *other = _bg_trace_end_element (bond, !side);
  BgDomain d = bond_domain (bond);

  if (x->spec->n_ports <= 1 && !recv)
    return g_strdup_printf (_("%s sets the %s, so bond %s gets its stroke away from %s, at %s."),
                            who, bg_domain_quantity_name (d, TRUE), bond->id, x->id, other->id);
  if (x->spec->n_ports <= 1)
    return g_strdup_printf (_("%s sets the %s, so bond %s gets its stroke at %s: %s receives the %s from %s."),
                            who, bg_domain_quantity_name (d, FALSE), bond->id, x->id, x->id,
                            bg_domain_quantity_name (d, TRUE), other->id);
  if (recv)
    return g_strdup_printf (_("%s receives the %s at port %s and sets the %s there, so bond %s gets its stroke at %s."),
                            who, bg_domain_quantity_name (d, TRUE), port_name (x, end_port (bond, side)),
                            bg_domain_quantity_name (d, FALSE), bond->id, x->id);
  return g_strdup_printf (_("%s sets the %s at port %s, so bond %s gets its stroke away from %s, at %s."),
                          who, bg_domain_quantity_name (d, TRUE), port_name (x, end_port (bond, side)),
                          bond->id, x->id, other->id);
}

static char *
sentence_storage (BgElement *x,
                  BgBond    *bond,
                  guint      side,
                  gboolean   recv)
{
  g_autofree char *who = title (x);
  BgElement *other = _bg_trace_end_element (bond, !side);
  BgDomain d = bond_domain (bond);

  if (recv)
    return g_strdup_printf (_("%s integrates the %s it receives and sets the %s from its state (integral causality), so bond %s gets its stroke at %s."),
                            who, bg_domain_quantity_name (d, TRUE), bg_domain_quantity_name (d, FALSE), bond->id, x->id);
  return g_strdup_printf (_("%s integrates the %s it receives and sets the %s from its state (integral causality), so bond %s gets its stroke away from %s, at %s."),
                          who, bg_domain_quantity_name (d, FALSE), bg_domain_quantity_name (d, TRUE), bond->id,
                          x->id, other->id);
}

static char *
sentence_resistor (BgElement *x,
                   BgBond    *bond,
                   guint      side,
                   gboolean   recv,
                   gboolean   pref)
{
  g_autofree char *who = title (x);
  BgElement *other = _bg_trace_end_element (bond, !side);
  BgDomain d = bond_domain (bond);
  const char *in = bg_domain_quantity_name (d, recv);    /* what x receives */
  const char *out = bg_domain_quantity_name (d, !recv);  /* what x computes */

  if (pref && recv)
    return g_strdup_printf (_("%s accepts either stroke and takes the one %s needs: bond %s gets its stroke at %s, and %s computes the %s from the %s it receives."),
                            who, other->id, bond->id, x->id, x->id, out, in);
  if (pref)
    return g_strdup_printf (_("%s accepts either stroke and takes the one %s needs: bond %s gets its stroke away from %s, at %s, and %s computes the %s from the %s it receives."),
                            who, other->id, bond->id, x->id, other->id, x->id, out, in);
  if (recv)
    return g_strdup_printf (_("%s accepts either stroke and nothing around it prefers one, so bond %s gets its stroke at %s, and %s computes the %s from the %s it receives."),
                            who, bond->id, x->id, x->id, out, in);
  return g_strdup_printf (_("%s accepts either stroke and nothing around it prefers one, so bond %s gets its stroke away from %s, at %s, and %s computes the %s from the %s it receives."),
                          who, bond->id, x->id, other->id, x->id, out, in);
}

static char *
sentence_arbitrary (BgElement *x,
                    BgBond    *bond,
                    guint      side,
                    gboolean   recv,
                    gboolean   pref)
{
  BgElement *at = _bg_trace_end_element (bond, recv ? side : !side);

  if (pref)
    return g_strdup_printf (_("Nothing has forced bond %s yet (it closes a loop), so we choose its stroke: at %s, as %s prefers."),
                            bond->id, at->id, x->id);
  return g_strdup_printf (_("Nothing has forced bond %s yet (it closes a loop), so we choose its stroke: at %s."),
                          bond->id, at->id);
}

/* Propagation through a junction, TF or cylinder rule. `last`: the bond took
 * the element's single role because no other bond could; otherwise the
 * bond `cause` took it and this bond gets the other role. */
static char *
sentence_propagation (BgElement *x,
                      BgBond    *bond,
                      guint      side,
                      BgBond    *cause,
                      guint      cause_side,
                      gboolean   last,
                      gboolean   recv)
{
  g_autofree char *who = title (x);
  BgCausalRule rule = x->spec->causal_rule;
  BgElement *other = _bg_trace_end_element (bond, !side);
  BgDomain d = bond_domain (bond);
  BgDomain dc = cause != NULL ? bond_domain (cause) : d;
  const char *src = cause != NULL ? _bg_trace_end_element (cause, !cause_side)->id : "?";
  const char *cport = cause != NULL ? port_name (x, end_port (cause, cause_side)) : "?";
  const char *port = port_name (x, end_port (bond, side));

  if (rule == BG_CAUSAL_ONE_IN && x->spec->variable_ports)
    {
      if (last)
        return g_strdup_printf (_("No other bond on %s sets its %s, so the last one, bond %s, must: its stroke goes at %s, and %s takes its %s from %s."),
                                who, bg_domain_quantity_name (d, TRUE), bond->id, x->id, x->id,
                                bg_domain_quantity_name (d, TRUE), other->id);
      return g_strdup_printf (_("%s takes its %s from %s, so every other bond on %s gets its stroke away from %s: bond %s carries the %s to %s."),
                              who, bg_domain_quantity_name (d, TRUE), src, x->id, x->id, bond->id,
                              bg_domain_quantity_name (d, TRUE), other->id);
    }
  if (rule == BG_CAUSAL_ONE_OUT && x->spec->variable_ports)
    {
      if (last)
        return g_strdup_printf (_("No other bond on %s sets its %s, so the last one, bond %s, must: its stroke goes away from %s, at %s, and %s takes its %s from %s."),
                                who, bg_domain_quantity_name (d, FALSE), bond->id, x->id, other->id,
                                x->id, bg_domain_quantity_name (d, FALSE), other->id);
      return g_strdup_printf (_("%s takes its %s from %s, so every other bond on %s gets its stroke at %s: bond %s carries the %s to %s."),
                              who, bg_domain_quantity_name (d, FALSE), src, x->id, x->id, bond->id,
                              bg_domain_quantity_name (d, FALSE), other->id);
    }
  if (rule == BG_CAUSAL_ONE_IN)
    {
      if (last && x->spec->n_ports == 2)
        return g_strdup_printf (_("%s already sets the %s at port %s, so it must receive the %s at port %s: bond %s gets its stroke at %s."),
                                who, bg_domain_quantity_name (dc, TRUE), cport, bg_domain_quantity_name (d, TRUE), port,
                                bond->id, x->id);
      if (last)
        return g_strdup_printf (_("%s already sets the %s at its other ports, so it must receive the %s at port %s: bond %s gets its stroke at %s."),
                                who, bg_domain_quantity_name (dc, TRUE), bg_domain_quantity_name (d, TRUE), port,
                                bond->id, x->id);
      return g_strdup_printf (_("%s receives the %s at port %s from %s, so it sets the %s at port %s: bond %s gets its stroke away from %s, at %s."),
                              who, bg_domain_quantity_name (dc, TRUE), cport, src, bg_domain_quantity_name (d, TRUE),
                              port, bond->id, x->id, other->id);
    }
  if (rule == BG_CAUSAL_ONE_OUT)
    {
      if (last && x->spec->n_ports == 2)
        return g_strdup_printf (_("%s already receives the %s at port %s, so it must set the %s at port %s: bond %s gets its stroke away from %s, at %s."),
                                who, bg_domain_quantity_name (dc, TRUE), cport, bg_domain_quantity_name (d, TRUE), port,
                                bond->id, x->id, other->id);
      if (last)
        return g_strdup_printf (_("%s already receives the %s at its other ports, so it must set the %s at port %s: bond %s gets its stroke away from %s, at %s."),
                                who, bg_domain_quantity_name (dc, TRUE), bg_domain_quantity_name (d, TRUE), port,
                                bond->id, x->id, other->id);
      return g_strdup_printf (_("%s receives the %s at port %s from %s, so it sets the %s at port %s: bond %s gets its stroke at %s."),
                              who, bg_domain_quantity_name (dc, FALSE), cport, src, bg_domain_quantity_name (d, FALSE),
                              port, bond->id, x->id);
    }
  if (rule == BG_CAUSAL_SAME_ROLE)
    {
      /* GY: the ports take the same role; port S may be in another domain. */
      if (recv)
        return g_strdup_printf (_("%s receives the %s at port %s from %s, and a gyrator's ports both receive effort, so it receives the %s at port %s too and sets the %s there: bond %s gets its stroke at %s."),
                                who, bg_domain_quantity_name (dc, TRUE), cport, src, bg_domain_quantity_name (d, TRUE),
                                port, bg_domain_quantity_name (d, FALSE), bond->id, x->id);
      return g_strdup_printf (_("%s sets the %s at port %s for %s, and a gyrator's ports both set effort, so it sets the %s at port %s too: bond %s gets its stroke away from %s, at %s."),
                              who, bg_domain_quantity_name (dc, TRUE), cport, src, bg_domain_quantity_name (d, TRUE),
                              port, bond->id, x->id, other->id);
    }
  /* A rule that does not propagate; not produced by the analyzer. */
  return g_strdup_printf (_("%s sets the stroke of bond %s."), who, bond->id);
}

/* What the stroke means for a storage at the bond's other end, or NULL. */
static char *
storage_note (BgBond   *bond,
              guint     side,
              BgStroke  stroke)
{
  BgElement *other = _bg_trace_end_element (bond, !side);
  const BgComponentSpec *spec = other->spec;
  gboolean other_recv = _bg_trace_side_receives (stroke, !side);

  if (spec->causal_rule != BG_CAUSAL_STORAGE || spec->n_ports == 0)
    return NULL;
  if (other_recv == (spec->ports[0].role == BG_PORT_ROLE_EFFORT_IN))
    return g_strdup_printf (_("That is the integral causality %s needs."), other->id);
  return g_strdup_printf (_("That forces %s into derivative causality."), other->id);
}

/* The sentences of a step ------------------------------------------------ */

char *
_bg_trace_sentence_stroke (BgTracePhase  phase,
                           BgElement    *element,
                           BgBond       *bond,
                           guint         side,
                           BgStroke      stroke,
                           BgBond       *cause,
                           guint         cause_side,
                           gboolean      last,
                           gboolean      neighbour_pref)
{
  gboolean recv = _bg_trace_side_receives (stroke, side);
  g_autofree char *note = NULL;
  char *sentence, *full;

  switch (phase)
    {
    case BG_TRACE_PHASE_FIXED:
      return sentence_fixed (element, bond, side, recv);
    case BG_TRACE_PHASE_STORAGE:
      return sentence_storage (element, bond, side, recv);
    case BG_TRACE_PHASE_RESISTOR:
      return sentence_resistor (element, bond, side, recv, neighbour_pref);
    case BG_TRACE_PHASE_ARBITRARY:
      return sentence_arbitrary (element, bond, side, recv, neighbour_pref);
    case BG_TRACE_PHASE_PROPAGATION:
    default:
      break;
    }
  sentence = sentence_propagation (element, bond, side, cause, cause_side, last, recv);
  note = storage_note (bond, side, stroke);
  if (note == NULL)
    return sentence;
  full = g_strconcat (sentence, " ", note, NULL);
  g_free (sentence);
  return full;
}

char *
_bg_trace_sentence_in_group (const char *sentence)
{
  /* TRANSLATORS: the step's sentence, then this one */
  return g_strdup_printf (_("%s With this choice a causal path closes a loop with no "
                            "storage element in it: an algebraic group, whose equations "
                            "are solved together (amber in the editor)."),
                          sentence);
}
