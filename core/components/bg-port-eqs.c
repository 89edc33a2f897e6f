/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-port-eqs.c — what a component Port does: nothing of its own.
 *
 * Owns: the Port kind. Flattening (core/bg-model-flatten.c) replaces each
 * Port by the direct connection of its inner and outer bond, so a Port
 * left in a flat graph is one with nothing connected outside: its
 * equations fail with that message and the analyzer reports it (the kind's
 * `boundary`). Must not: hold state or know about other components.
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include "bg-components-private.h"

static void
emit_port (BgEmit *em, const BgEmitElement *el)
{
  _bg_emit_fail (em, _("%s is a component port with nothing connected outside"), el->id);
}

static void
form_port (const BgEqElement *el)
{
  _bg_eq_fail (el, _("A component port has nothing connected outside."));
}

static const char *const port_equations[] = {
  "{e}_outside = {e}_inside", "{f}_local,outside = −{f}_local,inside", NULL };

const BgComponentKind _bg_kind_port = {
  .type = "Port", .id_prefix = "Port",
  .noun = N_("component port"), .named = N_("port %s"),
  .boundary = TRUE,
  .emit = emit_port, .form = form_port,
  .equations = port_equations,
  .causality = N_("None of its own: in the flattened graph the bond inside and the bond outside are one bond, with the strokes, signs and numbers of the same graph drawn flat."),
};
