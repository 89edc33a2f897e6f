/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-names.c — the labels and descriptions of the components in
 * data/components/, for translation.
 *
 * Owns: the "name" (the component's label) and "description" of every
 * installed component file, marked N_() so the Russian catalogue carries
 * them; the palette and the inspector show a component's label and
 * description through gettext, so these appear in the user's language
 * (the library's UI test checks that every installed component is listed
 * here). Must not: list anything else, or be used for the user's own
 * components, whose texts stay as written.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-component-names.h"

static const char *const component_texts[] = {
  N_("Hydraulic line"),
  N_("A pipe or hose: the inertance of its oil column and its laminar resistance in series between its two ends."),
  N_("DC drive with gear"),
  N_("A permanent-magnet DC motor (armature resistance and inductance, motor constant k, rotor inertia and bearing friction) and a reduction gear on its shaft."),
  N_("Quarter-car suspension"),
  N_("One corner of a car: the body's share of mass on a spring and damper, the wheel, and the tyre's stiffness down to the road; the road's vertical velocity drives it."),
  NULL
};

gboolean
bg_component_name_is_known (const char *text)
{
  return text != NULL && g_strv_contains (component_texts, text);
}
