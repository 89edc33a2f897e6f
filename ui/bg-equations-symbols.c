/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-symbols.c — the symbol table under the equations page (see
 * bg-equations-symbols.h).
 *
 * Owns: the table's cells and the convention's sentence. Values are
 * written as the read-outs write them (bg-si-format.h), units in the
 * user's symbols (core/bg-units.c). Must not: keep state.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-equations-symbols.h"
#include "bg-si-format.h"
#include "bg-units.h"

const char *
bg_equations_symbols_convention (void)
{
  /* TRANSLATORS: under the equations; the letters stay as they are */
  return _("One meaning per symbol: p a momentum, q a displacement, P a pressure, "
           "𝒫 a power, e and f a bond's effort and flow, u an input; "
           "a subscript makes another symbol (L_a, V_f).");
}

/* "1 kΩ"; a state's "initially 0 C", an input's "10 V at t = 0"; "[m³/s]"
 * for what has no single value. */
static char *
value_text (const BgEqSymbol *sym)
{
  g_autofree char *value = NULL;

  if (!isfinite (sym->value))
    {
      g_autofree char *unit = bg_units_localize (sym->unit);

      return *unit != '\0' ? g_strdup_printf ("[%s]", unit) : g_strdup ("");
    }
  value = bg_si_format (sym->value, sym->unit != NULL ? sym->unit : "");
  switch (sym->kind)
    {
    case BG_EQ_SYMBOL_STATE:
      return g_strdup_printf (_("initial value %s"), value);
    case BG_EQ_SYMBOL_INPUT:
      return g_strdup_printf (_("%s at t = 0"), value);
    default:
      return g_steal_pointer (&value);
    }
}

static GtkWidget *
cell (const char *text,
      gboolean    markup,
      gboolean    wrap)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (markup)
    gtk_label_set_markup (GTK_LABEL (label), text);
  else
    gtk_label_set_text (GTK_LABEL (label), text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_yalign (GTK_LABEL (label), 0);
  if (wrap)
    {
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_widget_set_hexpand (label, TRUE);
    }
  return label;
}

guint
bg_equations_symbols_fill (GtkGrid           *grid,
                           const BgEquations *equations,
                           guint              max_rows)
{
  GtkWidget *child;
  guint n, shown;

  g_return_val_if_fail (GTK_IS_GRID (grid), 0);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (grid))) != NULL)
    gtk_grid_remove (grid, child);
  if (equations == NULL)
    return 0;
  n = bg_equations_get_n_symbols (equations);
  shown = MIN (n, max_rows);
  for (guint i = 0; i < shown; i++)
    {
      const BgEqSymbol *sym = bg_equations_get_symbol (equations, i);
      g_autofree char *value = value_text (sym);
      GtkWidget *symbol = cell (sym->markup, TRUE, FALSE);

      gtk_widget_add_css_class (symbol, "equation");
      gtk_grid_attach (grid, symbol, 0, (int) i, 1, 1);
      gtk_grid_attach (grid, cell (sym->meaning, FALSE, TRUE), 1, (int) i, 1, 1);
      gtk_grid_attach (grid, cell (value, FALSE, FALSE), 2, (int) i, 1, 1);
    }
  return n - shown;
}
