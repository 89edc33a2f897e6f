/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-example-names.c — the names of the installed examples, for translation.
 *
 * Owns: the "name" of every file in data/examples/, marked N_() so the
 * Russian catalogue carries them and the Examples menu can show each
 * example's own name in the user's language (test-window checks that every
 * installed example's name is listed here). Must not: list anything but
 * the examples' names, or be used for the user's own files.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-example-names.h"

static const char *const example_names[] = {
  N_("Causal conflict: an accumulator directly on a cylinder chamber"),
  N_("Causal conflict: two capacitors on one 0-junction"),
  N_("Gear pair: motor torque through a 4:1 reduction and a compliant shaft"),
  N_("Hydraulic bench: pump, accumulator and a cylinder lifting a load"),
  N_("Hydraulic RC: a line resistance filling a compliant volume"),
  N_("Lever: a force source drives a damped mass through a 2:1 lever"),
  N_("Mass-spring-damper: response to a force step"),
  N_("Parallel RC driven by a current step"),
  N_("RC circuit: charging a capacitor"),
  N_("Series RLC circuit: underdamped step response"),
  N_("DC motor: a 12 V step drives a load through a 5:1 gear pair"),
  N_("Series RLC driven by a sine at its resonance (Q = 5)"),
  N_("Mass-spring-damper under a train of force pulses"),
  N_("Hydraulic cylinder following a table of supply pressure"),
  N_("Suspension rig: front and rear quarter-car corners lifted by a 5 cm ramp"),
  NULL
};

/* NAME in the user's language when it is an example's name, else NAME. */
const char *
bg_example_name_translate (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  return g_strv_contains (example_names, name) ? g_dgettext (GETTEXT_PACKAGE, name) : name;
}

gboolean
bg_example_name_is_known (const char *name)
{
  return name != NULL && g_strv_contains (example_names, name);
}
