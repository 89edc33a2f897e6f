/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-kind.c — the few things every kind's data is used for the
 * same way.
 *
 * Owns: naming an element by its kind ("0-junction J1", translated).
 * Must not: know any particular kind, or hold state.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-components-private.h"

char *
_bg_component_kind_describe (const BgComponentKind *kind,
                             const char            *id)
{
  const char *form, *hole;

  g_return_val_if_fail (kind != NULL && kind->named != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  /* The translated form has exactly one %s; splice the id in without
   * treating the translation as a printf format. */
  form = _(kind->named);
  hole = strstr (form, "%s");
  if (hole == NULL)
    return g_strdup_printf ("%s %s", form, id);
  {
    GString *out = g_string_new_len (form, hole - form);

    g_string_append (out, id);
    g_string_append (out, hole + 2);
    return g_string_free (out, FALSE);
  }
}
