/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-names.c — how the symbols of the state equations are named
 * and written (see bg-equations-names-private.h).
 *
 * Owns: splitting a name into head and subscript, the heads the
 * convention changes (pressure P), the LaTeX and markup of a symbol, and
 * the state symbols that differ from their variables' suffixes. Must not:
 * know equations, or rename what a program reads back (parameter paths
 * such as ACC.p0, variable names such as MOT.L stay as they are).
 */
#include "config.h"

#include <string.h>

#include "bg-equations-names-private.h"
#include "bg-component-kind-private.h"

void
_bg_eq_names_split (const char  *name,
                    char       **head,
                    char       **tail)
{
  const char *us = strchr (name, '_');
  const char *p = name;

  if (us != NULL && us != name && us[1] != '\0')
    {
      *head = g_strndup (name, us - name);
      *tail = g_strdup (us + 1);
      return;
    }
  while (g_ascii_isalpha (*p))
    p++;
  if (p != name && *p != '\0')
    {
      gboolean digits = TRUE;

      for (const char *q = p; *q != '\0'; q++)
        digits = digits && g_ascii_isdigit (*q);
      if (digits)
        {
          *head = g_strndup (name, p - name);
          *tail = g_strdup (p);
          return;
        }
    }
  *head = g_strdup (name);
  *tail = NULL;
}

const char *
_bg_eq_names_head (const char *head,
                   const char *unit)
{
  /* p is a momentum; a pressure is P (the textbooks' hydraulic bond
   * graphs: P, Q, V, Γ) */
  if (strcmp (head, "p") == 0 && g_strcmp0 (unit, "Pa") == 0)
    return "P";
  return head;
}

/* Greek heads spelled out in identifiers, and their letters. */
static const struct
{
  const char *name;
  const char *letter;
  const char *latex;
} greek[] = {
  { "lambda", "λ", "\\lambda" },
  { "tau", "τ", "\\tau" },
  { "omega", "ω", "\\omega" },
  { "τ", "τ", "\\tau" },
  { "ω", "ω", "\\omega" },
};

static char *
latex_text (const char *text,
            gboolean    italic_single)
{
  GString *s = g_string_new (NULL);

  if (italic_single && g_utf8_strlen (text, -1) == 1 && g_ascii_isalpha (*text))
    {
      g_string_append (s, text);
      return g_string_free (s, FALSE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (greek); i++)
    if (strcmp (text, greek[i].name) == 0)
      {
        g_string_free (s, TRUE);
        return g_strdup (greek[i].latex);
      }
  g_string_append (s, "\\mathrm{");
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '_' || *p == '&' || *p == '%' || *p == '#')
        g_string_append_c (s, '\\');
      g_string_append_c (s, *p);
    }
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

static char *
markup_head (const char *head)
{
  for (guint i = 0; i < G_N_ELEMENTS (greek); i++)
    if (strcmp (head, greek[i].name) == 0)
      return g_strdup (greek[i].letter);
  return g_markup_escape_text (head, -1);
}

void
_bg_eq_names_render (const char  *head,
                     const char  *sub,
                     char       **latex,
                     char       **markup)
{
  g_autofree char *lh = latex_text (head, TRUE);
  g_autofree char *mh = markup_head (head);

  if (sub == NULL || *sub == '\0')
    {
      *latex = g_strdup (lh);
      *markup = g_strdup (mh);
      return;
    }
  {
    g_autofree char *ls = latex_text (sub, FALSE);
    g_autofree char *ms = g_markup_escape_text (sub, -1);

    *latex = g_strdup_printf ("%s_{%s}", lh, ls);
    *markup = g_strdup_printf ("%s<sub>%s</sub>", mh, ms);
  }
}

char *
_bg_eq_names_state (const BgComponentSpec *spec,
                    const char            *suffix,
                    const char            *id)
{
  const BgComponentKind *kind = spec != NULL ? spec->kind : NULL;
  const char *head = suffix;

  if (kind != NULL && kind->states != NULL && kind->state_symbols != NULL)
    for (guint i = 0; kind->states[i] != NULL; i++)
      if (strcmp (kind->states[i], suffix) == 0 && kind->state_symbols[i] != NULL)
        head = kind->state_symbols[i];
  return g_strdup_printf ("%s_%s", head, id);
}
