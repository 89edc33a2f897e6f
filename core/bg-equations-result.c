/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-result.c — the BgEquations result and its printed forms.
 *
 * Owns: the immutable result of bg_equations_derive() (equations with their
 * text, markup and LaTeX; the symbol table), its accessors, and the three
 * forms of `bgmod-cli equations`: plain text, JSON (docs/command-line.md) and a LaTeX
 * align* block. Must not: derive anything (bg-equations.c does) or know
 * about GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-json-generate.h"
#include "bg-ref-count-private.h"
#include "bg-equations-result-private.h"
#include "bg-units.h"

typedef struct
{
  BgEquation  pub;
  BgExpr     *rhs_expr;
  GPtrArray  *symbols;   /* char* (borrowed from the symbol table), NULL-terminated at finish */
  GPtrArray  *elements;
} EquationRec;

struct _BgEquations
{
  gatomicrefcount ref_count;
  GPtrArray      *equations;   /* EquationRec* */
  GPtrArray      *symbols;     /* BgEqSymbol* */
  GHashTable     *symbol_index;
  GStringChunk   *strings;
  gboolean        linear;
};

static void
equation_free (gpointer data)
{
  EquationRec *rec = data;

  bg_expr_unref (rec->rhs_expr);
  g_ptr_array_unref (rec->symbols);
  g_ptr_array_unref (rec->elements);
  g_free (rec);
}

BgEquations *
_bg_equations_result_new (void)
{
  BgEquations *self = g_new0 (BgEquations, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->equations = g_ptr_array_new_with_free_func (equation_free);
  self->symbols = g_ptr_array_new_with_free_func (g_free);
  self->symbol_index = g_hash_table_new (g_str_hash, g_str_equal);
  self->strings = g_string_chunk_new (4096);
  return self;
}

void
_bg_equations_result_free (BgEquations *self)
{
  g_ptr_array_unref (self->equations);
  g_ptr_array_unref (self->symbols);
  g_hash_table_unref (self->symbol_index);
  g_string_chunk_free (self->strings);
  g_free (self);
}

static const char *
keep (BgEquations *self,
      const char  *text)
{
  return text != NULL ? g_string_chunk_insert_const (self->strings, text) : NULL;
}

BgEqSymbol *
_bg_equations_result_add_symbol (BgEquations    *self,
                                 const char     *symbol,
                                 BgEqSymbolKind  kind,
                                 const char     *element,
                                 const char     *meaning,
                                 double          value,
                                 const char     *unit,
                                 const char     *markup,
                                 const char     *latex)
{
  BgEqSymbol *sym = g_new0 (BgEqSymbol, 1);

  sym->symbol = keep (self, symbol);
  sym->kind = kind;
  sym->element = keep (self, element);
  sym->meaning = keep (self, meaning);
  sym->value = value;
  sym->unit = keep (self, unit);
  sym->markup = keep (self, markup);
  sym->latex = keep (self, latex);
  g_ptr_array_add (self->symbols, sym);
  g_hash_table_insert (self->symbol_index, (gpointer) sym->symbol, sym);
  return sym;
}

void
_bg_equations_result_add (BgEquations  *self,
                          BgEqKind      kind,
                          const char   *name,
                          const char   *symbol,
                          const BgExpr *rhs)
{
  EquationRec *rec = g_new0 (EquationRec, 1);

  rec->pub.kind = kind;
  rec->pub.name = keep (self, name);
  rec->pub.symbol = keep (self, symbol);
  rec->rhs_expr = bg_expr_ref ((BgExpr *) rhs);
  rec->symbols = g_ptr_array_new ();
  rec->elements = g_ptr_array_new ();
  g_ptr_array_add (self->equations, rec);
}

/* Rendering -------------------------------------------------------------------- */

static char *
render_cb (const char *symbol,
           gboolean    latex,
           gpointer    user_data)
{
  BgEquations *self = user_data;
  const BgEqSymbol *sym = g_hash_table_lookup (self->symbol_index, symbol);

  if (sym == NULL)
    return NULL;
  return g_strdup (latex ? sym->latex : sym->markup);
}

typedef struct
{
  BgEquations *self;
  EquationRec *rec;
  GHashTable  *elements_seen;
} CollectData;

static void
collect_symbol_cb (const char *name,
                   gboolean    is_function,
                   gpointer    user_data)
{
  CollectData *data = user_data;
  const BgEqSymbol *sym = g_hash_table_lookup (data->self->symbol_index, name);

  if (sym == NULL)
    return;
  g_ptr_array_add (data->rec->symbols, (gpointer) sym->symbol);
  if (sym->kind != BG_EQ_SYMBOL_ALGEBRAIC && sym->element != NULL &&
      g_hash_table_add (data->elements_seen, (gpointer) sym->element))
    g_ptr_array_add (data->rec->elements, (gpointer) sym->element);
}

static gboolean
is_variable_cb (const char *symbol,
                gpointer    user_data)
{
  BgEquations *self = user_data;
  const BgEqSymbol *sym = g_hash_table_lookup (self->symbol_index, symbol);

  return sym != NULL && (sym->kind == BG_EQ_SYMBOL_STATE || sym->kind == BG_EQ_SYMBOL_INPUT ||
                         sym->kind == BG_EQ_SYMBOL_ALGEBRAIC);
}

/* The left-hand side in the three forms. */
static void
lhs_forms (BgEquations       *self,
           const BgEquation  *eq,
           char             **text,
           char             **markup,
           char             **latex)
{
  const BgEqSymbol *sym = g_hash_table_lookup (self->symbol_index, eq->symbol);

  if (eq->kind == BG_EQ_STATE && sym != NULL)
    {
      *text = g_strdup_printf ("d(%s)/dt", eq->symbol);
      *markup = g_strdup_printf ("d%s/dt", sym->markup);
      *latex = g_strdup_printf ("\\frac{\\mathrm{d}%s}{\\mathrm{d}t}", sym->latex);
    }
  else if (sym != NULL)
    {
      *text = g_strdup (eq->symbol);
      *markup = g_strdup (sym->markup);
      *latex = g_strdup (sym->latex);
    }
  else
    {
      GString *l = g_string_new ("\\mathrm{");

      for (const char *p = eq->symbol; *p != '\0'; p++)
        {
          if (*p == '_')
            g_string_append_c (l, '\\');
          g_string_append_c (l, *p);
        }
      g_string_append_c (l, '}');
      *text = g_strdup (eq->symbol);
      *markup = g_markup_escape_text (eq->symbol, -1);
      *latex = g_string_free (l, FALSE);
    }
}

static gint
compare_symbol_kind (gconstpointer a,
                     gconstpointer b)
{
  const BgEqSymbol *sa = *(BgEqSymbol *const *) a;
  const BgEqSymbol *sb = *(BgEqSymbol *const *) b;

  return (int) sa->kind - (int) sb->kind;
}

BgEquations *
_bg_equations_result_finish (BgEquations *self)
{
  /* States, inputs, parameters, functions, unknowns; stable within each. */
  g_ptr_array_sort (self->symbols, compare_symbol_kind);
  self->linear = TRUE;
  for (guint i = 0; i < self->equations->len; i++)
    {
      EquationRec *rec = g_ptr_array_index (self->equations, i);
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
      CollectData data = { self, rec, seen };
      g_autofree char *rhs = bg_expr_to_string (rec->rhs_expr);
      g_autofree char *rhs_markup = bg_expr_to_markup (rec->rhs_expr, render_cb, self);
      g_autofree char *rhs_latex = bg_expr_to_latex (rec->rhs_expr, render_cb, self);
      g_autofree char *lt = NULL, *lm = NULL, *ll = NULL;
      g_autofree char *text = NULL, *markup = NULL, *latex = NULL;

      lhs_forms (self, &rec->pub, &lt, &lm, &ll);
      text = g_strdup_printf ("%s = %s", lt, rhs);
      markup = g_strdup_printf ("%s = %s", lm, rhs_markup);
      latex = g_strdup_printf ("%s = %s", ll, rhs_latex);
      rec->pub.rhs = keep (self, rhs);
      rec->pub.text = keep (self, text);
      rec->pub.markup = keep (self, markup);
      rec->pub.latex = keep (self, latex);
      rec->pub.rhs_latex = keep (self, rhs_latex);

      bg_expr_foreach_symbol (rec->rhs_expr, collect_symbol_cb, &data);
      g_ptr_array_add (rec->symbols, NULL);
      g_ptr_array_add (rec->elements, NULL);
      rec->pub.symbols = (const char *const *) rec->symbols->pdata;
      rec->pub.elements = (const char *const *) rec->elements->pdata;

      if (rec->pub.kind != BG_EQ_OUTPUT &&
          !bg_expr_is_linear_in (rec->rhs_expr, is_variable_cb, self))
        self->linear = FALSE;
    }
  return self;
}

/* Accessors ---------------------------------------------------------------------- */

G_DEFINE_BOXED_TYPE (BgEquations, bg_equations, bg_equations_ref, bg_equations_unref)
BG_DEFINE_REF_COUNTED (BgEquations, bg_equations, _bg_equations_result_free)

guint
bg_equations_get_n_equations (const BgEquations *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->equations->len;
}

const BgEquation *
bg_equations_get_equation (const BgEquations *self,
                           guint              index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->equations->len, NULL);
  return &((EquationRec *) g_ptr_array_index (self->equations, index))->pub;
}

guint
bg_equations_get_n_symbols (const BgEquations *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->symbols->len;
}

const BgEqSymbol *
bg_equations_get_symbol (const BgEquations *self,
                         guint              index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->symbols->len, NULL);
  return g_ptr_array_index (self->symbols, index);
}

const BgEqSymbol *
bg_equations_lookup_symbol (const BgEquations *self,
                            const char        *symbol)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (symbol != NULL, NULL);
  return g_hash_table_lookup (self->symbol_index, symbol);
}

gboolean
bg_equations_is_linear (const BgEquations *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->linear;
}

typedef struct
{
  const BgEquations   *self;
  BgEqSymbolDecorator  decorate;
  gpointer             user_data;
} Decoration;

/* One symbol's markup through the decorator; its own when it declines. */
static char *
decorate_symbol (const Decoration *d,
                 const BgEqSymbol *sym)
{
  char *markup = d->decorate (sym, d->user_data);

  return markup != NULL ? markup : g_strdup (sym->markup);
}

static char *
render_decorated_cb (const char *symbol,
                     gboolean    latex,
                     gpointer    user_data)
{
  Decoration *d = user_data;
  const BgEqSymbol *sym = g_hash_table_lookup (d->self->symbol_index, symbol);

  return sym != NULL ? decorate_symbol (d, sym) : NULL;
}

char *
bg_equations_dup_markup_decorated (const BgEquations   *self,
                                   guint                index,
                                   BgEqSymbolDecorator  decorate,
                                   gpointer             user_data)
{
  const EquationRec *rec;
  const BgEqSymbol *lhs_sym;
  Decoration d = { self, decorate, user_data };
  g_autofree char *lhs = NULL, *rhs = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->equations->len, NULL);
  g_return_val_if_fail (decorate != NULL, NULL);

  rec = g_ptr_array_index (self->equations, index);
  lhs_sym = g_hash_table_lookup (self->symbol_index, rec->pub.symbol);
  if (lhs_sym != NULL)
    {
      g_autofree char *sym_markup = decorate_symbol (&d, lhs_sym);

      lhs = rec->pub.kind == BG_EQ_STATE ? g_strdup_printf ("d%s/dt", sym_markup)
                                         : g_steal_pointer (&sym_markup);
    }
  else
    lhs = g_markup_escape_text (rec->pub.symbol, -1);
  rhs = bg_expr_to_markup (rec->rhs_expr, render_decorated_cb, &d);
  return g_strdup_printf ("%s = %s", lhs, rhs);
}

typedef struct
{
  const char *element;
  const char *open_tag;
  const char *close_tag;
} Highlight;

static char *
highlight_symbol_cb (const BgEqSymbol *sym,
                     gpointer          user_data)
{
  Highlight *h = user_data;

  if (g_strcmp0 (sym->element, h->element) == 0 || strcmp (sym->symbol, h->element) == 0)
    return g_strconcat (h->open_tag, sym->markup, h->close_tag, NULL);
  return NULL;
}

char *
bg_equations_dup_markup_highlight (const BgEquations *self,
                                   guint              index,
                                   const char        *element,
                                   const char        *open_tag,
                                   const char        *close_tag)
{
  Highlight h = { element, open_tag, close_tag };

  g_return_val_if_fail (element != NULL && open_tag != NULL && close_tag != NULL, NULL);
  return bg_equations_dup_markup_decorated (self, index, highlight_symbol_cb, &h);
}

/* Printed forms -------------------------------------------------------------------- */

static void
add_equations_json (JsonBuilder       *builder,
                    const BgEquations *self,
                    const char        *member,
                    BgEqKind           kind)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->equations->len; i++)
    {
      const BgEquation *eq = bg_equations_get_equation (self, i);

      if (eq->kind != kind)
        continue;
      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "name", eq->name);
      bg_json_builder_add_string_member (builder, "symbol", eq->symbol);
      bg_json_builder_add_string_member (builder, "rhs", eq->rhs);
      bg_json_builder_add_string_member (builder, "latex", eq->latex);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static const char *
kind_to_string (BgEqSymbolKind kind)
{
  switch (kind)
    {
    case BG_EQ_SYMBOL_STATE:
      return "state";
    case BG_EQ_SYMBOL_INPUT:
      return "input";
    case BG_EQ_SYMBOL_PARAMETER:
      return "parameter";
    case BG_EQ_SYMBOL_FUNCTION:
      return "function";
    case BG_EQ_SYMBOL_ALGEBRAIC:
    default:
      return "algebraic";
    }
}

char *
bg_equations_to_json (const BgEquations *self)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  gboolean any_algebraic = FALSE;

  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->equations->len; i++)
    any_algebraic = any_algebraic || bg_equations_get_equation (self, i)->kind == BG_EQ_ALGEBRAIC;

  json_builder_begin_object (builder);
  add_equations_json (builder, self, "states", BG_EQ_STATE);
  if (any_algebraic)
    add_equations_json (builder, self, "algebraic", BG_EQ_ALGEBRAIC);
  add_equations_json (builder, self, "outputs", BG_EQ_OUTPUT);

  json_builder_set_member_name (builder, "symbols");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->symbols->len; i++)
    {
      const BgEqSymbol *sym = g_ptr_array_index (self->symbols, i);

      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "symbol", sym->symbol);
      bg_json_builder_add_string_member (builder, "meaning", sym->meaning);
      json_builder_set_member_name (builder, "value");
      if (isnan (sym->value))
        json_builder_add_null_value (builder);
      else
        json_builder_add_double_value (builder, sym->value);
      bg_json_builder_add_string_member (builder, "unit", sym->unit);
      bg_json_builder_add_string_member (builder, "kind", kind_to_string (sym->kind));
      bg_json_builder_add_string_member (builder, "element", sym->element);
      /* how --latex writes it: "P_{\mathrm{ACC}}" */
      bg_json_builder_add_string_member (builder, "latex", sym->latex);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "inputs");
  json_builder_begin_array (builder);
  for (guint i = 0; i < self->symbols->len; i++)
    {
      const BgEqSymbol *sym = g_ptr_array_index (self->symbols, i);

      if (sym->kind != BG_EQ_SYMBOL_INPUT)
        continue;
      json_builder_begin_object (builder);
      bg_json_builder_add_string_member (builder, "symbol", sym->symbol);
      bg_json_builder_add_string_member (builder, "element", sym->element);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "linear");
  json_builder_add_boolean_value (builder, self->linear);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  return bg_json_generate (root, TRUE);
}

/* "1000 Ω", the unit in the user's symbols ("1000 Ом") */
static char *
value_text (const BgEqSymbol *sym)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.6g", sym->value);
  if (sym->unit != NULL && *sym->unit != '\0')
    {
      g_autofree char *unit = bg_units_localize (sym->unit);

      return g_strdup_printf ("%s %s", buf, unit);
    }
  return g_strdup (buf);
}

char *
bg_equations_to_text (const BgEquations *self)
{
  GString *s = g_string_new (NULL);
  BgEqKind last = BG_EQ_STATE;
  int width = 0;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->equations->len == 0 || bg_equations_get_equation (self, 0)->kind != BG_EQ_STATE)
    g_string_append_printf (s, "%s\n", _("The model has no states."));
  for (guint i = 0; i < self->equations->len; i++)
    {
      const BgEquation *eq = bg_equations_get_equation (self, i);

      if (eq->kind != last)
        {
          g_string_append_printf (s, "\n%s\n", eq->kind == BG_EQ_ALGEBRAIC
                                  ? _("Algebraic groups, solved jointly at each step:")
                                  : _("Outputs:"));
          last = eq->kind;
        }
      g_string_append_printf (s, "%s\n", eq->text);
    }

  for (guint i = 0; i < self->symbols->len; i++)
    width = MAX (width, (int) g_utf8_strlen (((BgEqSymbol *) g_ptr_array_index (self->symbols, i))->symbol, -1));
  g_string_append_printf (s, "\n%s\n", _("Symbols:"));
  for (guint i = 0; i < self->symbols->len; i++)
    {
      const BgEqSymbol *sym = g_ptr_array_index (self->symbols, i);

      g_string_append_printf (s, "  %-*s  %s", width, sym->symbol, sym->meaning);
      {
        g_autofree char *value = isnan (sym->value) ? NULL : value_text (sym);

        switch (sym->kind)
          {
          case BG_EQ_SYMBOL_PARAMETER:
            g_string_append_printf (s, " = %s", value);
            break;
          case BG_EQ_SYMBOL_STATE:
            /* Translators: after a state's meaning: "Charge (C1); state, initially 0 C" */
            g_string_append_printf (s, _("; state, initially %s"), value);
            break;
          case BG_EQ_SYMBOL_INPUT:
            /* Translators: after an input's meaning: "Voltage (U); input, 10 V at t = 0" */
            g_string_append_printf (s, _("; input, %s at t = 0"), value);
            break;
          case BG_EQ_SYMBOL_FUNCTION:
          case BG_EQ_SYMBOL_ALGEBRAIC:
          default:
            if (*sym->unit != '\0')
              {
                g_autofree char *unit = bg_units_localize (sym->unit);

                g_string_append_printf (s, " [%s]", unit);
              }
            break;
          }
      }
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

char *
bg_equations_to_latex (const BgEquations *self)
{
  GString *s = g_string_new ("\\begin{align*}\n");

  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->equations->len; i++)
    {
      const EquationRec *rec = g_ptr_array_index (self->equations, i);
      g_autofree char *lt = NULL, *lm = NULL, *ll = NULL;

      lhs_forms ((BgEquations *) self, &rec->pub, &lt, &lm, &ll);
      g_string_append_printf (s, "  %s &= %s%s\n", ll, rec->pub.rhs_latex,
                              i + 1 < self->equations->len ? " \\\\" : "");
    }
  g_string_append (s, "\\end{align*}\n");
  return g_string_free (s, FALSE);
}
