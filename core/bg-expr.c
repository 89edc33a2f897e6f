/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-expr.c — symbolic expressions for the state equations.
 *
 * Owns: the canonical sum-of-terms form, its algebra and its printers (see
 * bg-expr.h). A term's key is its factors' keys, sorted, so that equal
 * products collect whatever order they were built in; the printed order is
 * the order of first appearance. Must not: know about models or GTK.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-expr.h"
#include "bg-ref-count-private.h"

typedef struct
{
  char   *name;
  BgExpr *arg;    /* NULL for a plain symbol */
  int     power;
  char   *key;    /* "name" or "name(<arg text>)" */
} Factor;

typedef struct
{
  double  coef;
  GArray *factors;  /* Factor */
  char   *key;
} Term;

struct _BgExpr
{
  gatomicrefcount ref_count;
  GPtrArray      *terms;  /* Term* */
};

/* Pieces ------------------------------------------------------------------ */

static void
factor_clear (gpointer data)
{
  Factor *f = data;

  g_free (f->name);
  g_free (f->key);
  if (f->arg != NULL)
    bg_expr_unref (f->arg);
}

static Factor
factor_copy (const Factor *f)
{
  Factor copy = { g_strdup (f->name), f->arg != NULL ? bg_expr_ref (f->arg) : NULL,
                  f->power, g_strdup (f->key) };

  return copy;
}

static Term *
term_new (double coef)
{
  Term *t = g_new0 (Term, 1);

  t->coef = coef;
  t->factors = g_array_new (FALSE, FALSE, sizeof (Factor));
  g_array_set_clear_func (t->factors, factor_clear);
  return t;
}

static void
term_free (gpointer data)
{
  Term *t = data;

  g_array_unref (t->factors);
  g_free (t->key);
  g_free (t);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
term_update_key (Term *t)
{
  g_autoptr(GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < t->factors->len; i++)
    {
      const Factor *f = &g_array_index (t->factors, Factor, i);

      g_ptr_array_add (keys, g_strdup_printf ("%s^%d", f->key, f->power));
    }
  g_ptr_array_sort (keys, compare_strings);
  for (guint i = 0; i < keys->len; i++)
    {
      if (i > 0)
        g_string_append_c (s, '*');
      g_string_append (s, g_ptr_array_index (keys, i));
    }
  g_free (t->key);
  t->key = g_string_free (s, FALSE);
}

/* Multiplies factor f (copied) into t, collecting powers. */
static void
term_mul_factor (Term         *t,
                 const Factor *f)
{
  for (guint i = 0; i < t->factors->len; i++)
    {
      Factor *g = &g_array_index (t->factors, Factor, i);

      if (strcmp (g->key, f->key) == 0)
        {
          g->power += f->power;
          if (g->power == 0)
            g_array_remove_index (t->factors, i);
          return;
        }
    }
  {
    Factor copy = factor_copy (f);

    g_array_append_val (t->factors, copy);
  }
}

static Term *
term_copy (const Term *t)
{
  Term *copy = term_new (t->coef);

  for (guint i = 0; i < t->factors->len; i++)
    {
      Factor f = factor_copy (&g_array_index (t->factors, Factor, i));

      g_array_append_val (copy->factors, f);
    }
  copy->key = g_strdup (t->key);
  return copy;
}

static BgExpr *
expr_new (void)
{
  BgExpr *self = g_new0 (BgExpr, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->terms = g_ptr_array_new_with_free_func (term_free);
  return self;
}

/* Adds the term (taken), collecting it with an equal one. */
static void
expr_add_term (BgExpr *self,
               Term   *t)
{
  if (t->key == NULL)
    term_update_key (t);
  if (t->coef == 0)
    {
      term_free (t);
      return;
    }
  for (guint i = 0; i < self->terms->len; i++)
    {
      Term *u = g_ptr_array_index (self->terms, i);

      if (strcmp (u->key, t->key) == 0)
        {
          u->coef += t->coef;
          /* Cancellation: drop terms that are zero up to rounding. */
          if (u->coef == 0 || fabs (u->coef) < 1e-14 * fabs (t->coef))
            g_ptr_array_remove_index (self->terms, i);
          term_free (t);
          return;
        }
    }
  g_ptr_array_add (self->terms, t);
}

/* Construction -------------------------------------------------------------- */

BgExpr *
bg_expr_number (double value)
{
  BgExpr *self = expr_new ();

  expr_add_term (self, term_new (value));
  return self;
}

BgExpr *
bg_expr_symbol_pow (const char *name,
                    int         power)
{
  BgExpr *self = expr_new ();
  Term *t = term_new (1.0);
  Factor f = { g_strdup (name), NULL, power, g_strdup (name) };

  g_return_val_if_fail (name != NULL, self);

  g_array_append_val (t->factors, f);
  expr_add_term (self, t);
  return self;
}

BgExpr *
bg_expr_symbol (const char *name)
{
  return bg_expr_symbol_pow (name, 1);
}

BgExpr *
bg_expr_function (const char *name,
                  BgExpr     *arg)
{
  BgExpr *self = expr_new ();
  Term *t = term_new (1.0);
  g_autofree char *text = bg_expr_to_string (arg);
  Factor f = { g_strdup (name), arg, 1, g_strdup_printf ("%s(%s)", name, text) };

  g_array_append_val (t->factors, f);
  expr_add_term (self, t);
  return self;
}

static void
expr_free (BgExpr *self)
{
  g_ptr_array_unref (self->terms);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgExpr, bg_expr, expr_free)

/* Algebra ------------------------------------------------------------------- */

BgExpr *
bg_expr_add (const BgExpr *a,
             const BgExpr *b)
{
  BgExpr *self = expr_new ();

  for (guint i = 0; i < a->terms->len; i++)
    expr_add_term (self, term_copy (g_ptr_array_index (a->terms, i)));
  for (guint i = 0; i < b->terms->len; i++)
    expr_add_term (self, term_copy (g_ptr_array_index (b->terms, i)));
  return self;
}

BgExpr *
bg_expr_scale (const BgExpr *a,
               double        c)
{
  BgExpr *self = expr_new ();

  for (guint i = 0; i < a->terms->len; i++)
    {
      Term *t = term_copy (g_ptr_array_index (a->terms, i));

      t->coef *= c;
      expr_add_term (self, t);
    }
  return self;
}

BgExpr *
bg_expr_mul (const BgExpr *a,
             const BgExpr *b)
{
  BgExpr *self = expr_new ();

  for (guint i = 0; i < a->terms->len; i++)
    for (guint j = 0; j < b->terms->len; j++)
      {
        const Term *ta = g_ptr_array_index (a->terms, i);
        const Term *tb = g_ptr_array_index (b->terms, j);
        Term *t = term_copy (ta);

        t->coef *= tb->coef;
        for (guint k = 0; k < tb->factors->len; k++)
          term_mul_factor (t, &g_array_index (tb->factors, Factor, k));
        g_clear_pointer (&t->key, g_free);
        expr_add_term (self, t);
      }
  return self;
}

BgExpr *
bg_expr_substitute (const BgExpr   *a,
                    BgExprSubstFunc func,
                    gpointer        user_data)
{
  BgExpr *self = expr_new ();

  for (guint i = 0; i < a->terms->len; i++)
    {
      const Term *t = g_ptr_array_index (a->terms, i);
      g_autoptr(BgExpr) product = NULL;
      Term *kept = term_new (t->coef);

      /* Factors that stay (function arguments substituted), then the
       * replacements multiplied in. */
      product = expr_new ();
      for (guint k = 0; k < t->factors->len; k++)
        {
          const Factor *f = &g_array_index (t->factors, Factor, k);
          g_autoptr(BgExpr) repl = NULL;

          if (f->arg != NULL)
            {
              BgExpr *arg = bg_expr_substitute (f->arg, func, user_data);
              g_autoptr(BgExpr) fn = bg_expr_function (f->name, arg);
              Factor g = factor_copy (&g_array_index (((Term *) g_ptr_array_index (fn->terms, 0))->factors,
                                                      Factor, 0));

              g.power = f->power;
              g_array_append_val (kept->factors, g);
              continue;
            }
          if (f->power > 0)
            repl = func (f->name, user_data);
          if (repl == NULL)
            {
              Factor g = factor_copy (f);

              g_array_append_val (kept->factors, g);
              continue;
            }
          for (int p = 0; p < f->power; p++)
            {
              BgExpr *next;

              if (product->terms->len == 0)
                expr_add_term (product, term_new (1.0));
              next = bg_expr_mul (product, repl);
              bg_expr_unref (product);
              product = next;
            }
        }
      {
        g_autoptr(BgExpr) kept_expr = expr_new ();
        g_autoptr(BgExpr) term_expr = NULL;
        BgExpr *sum;

        expr_add_term (kept_expr, kept);
        term_expr = product->terms->len > 0 ? bg_expr_mul (kept_expr, product)
                                            : bg_expr_ref (kept_expr);
        sum = bg_expr_add (self, term_expr);
        bg_expr_unref (self);
        self = sum;
      }
    }
  return self;
}

gboolean
bg_expr_is_zero (const BgExpr *self)
{
  return self->terms->len == 0;
}

gboolean
bg_expr_is_linear_in (const BgExpr *self,
                      gboolean    (*is_variable) (const char *symbol,
                                                  gpointer    user_data),
                      gpointer      user_data)
{
  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *t = g_ptr_array_index (self->terms, i);
      guint n = 0;

      for (guint k = 0; k < t->factors->len; k++)
        {
          const Factor *f = &g_array_index (t->factors, Factor, k);

          if (f->arg != NULL)
            return FALSE;
          if (is_variable (f->name, user_data))
            {
              if (f->power != 1)
                return FALSE;
              n++;
            }
        }
      if (n > 1)
        return FALSE;
    }
  return TRUE;
}

static void
foreach_symbol (const BgExpr *self,
                GHashTable   *seen,
                void        (*func) (const char *, gboolean, gpointer),
                gpointer      user_data)
{
  for (guint i = 0; i < self->terms->len; i++)
    {
      const Term *t = g_ptr_array_index (self->terms, i);

      /* In printed order: the numerator's factors, then the denominator's. */
      for (guint k = 0; k < 2 * t->factors->len; k++)
        {
          const Factor *f = &g_array_index (t->factors, Factor, k % t->factors->len);

          if ((k < t->factors->len) != (f->power > 0))
            continue;
          if (!g_hash_table_contains (seen, f->name))
            {
              g_hash_table_add (seen, f->name);
              func (f->name, f->arg != NULL, user_data);
            }
          if (f->arg != NULL)
            foreach_symbol (f->arg, seen, func, user_data);
        }
    }
}

void
bg_expr_foreach_symbol (const BgExpr *self,
                        void        (*func) (const char *name,
                                             gboolean    is_function,
                                             gpointer    user_data),
                        gpointer      user_data)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  foreach_symbol (self, seen, func, user_data);
}

/* Printing ------------------------------------------------------------------ */

typedef enum
{
  STYLE_PLAIN,
  STYLE_LATEX,
  STYLE_MARKUP,
} Style;

typedef struct
{
  Style            style;
  BgExprRenderFunc render;
  gpointer         user_data;
} Printer;

static void print_expr (const Printer *pr, const BgExpr *e, GString *out);

/* Shortest of %.6g, %.15g, %.17g that reads back as the same double. */
static void
print_number (GString *out,
              double   x)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, "%.6g", x);
  if (g_ascii_strtod (buf, NULL) != x)
    g_ascii_formatd (buf, sizeof buf, "%.15g", x);
  if (g_ascii_strtod (buf, NULL) != x)
    g_ascii_formatd (buf, sizeof buf, "%.17g", x);
  g_string_append (out, buf);
}

static void
print_symbol (const Printer *pr,
              const char    *name,
              GString       *out)
{
  g_autofree char *rendered = NULL;

  if (pr->style != STYLE_PLAIN && pr->render != NULL)
    rendered = pr->render (name, pr->style == STYLE_LATEX, pr->user_data);
  if (rendered != NULL)
    g_string_append (out, rendered);
  else if (pr->style == STYLE_MARKUP)
    {
      g_autofree char *escaped = g_markup_escape_text (name, -1);

      g_string_append (out, escaped);
    }
  else if (pr->style == STYLE_LATEX)
    {
      g_string_append (out, "\\mathrm{");
      for (const char *p = name; *p != '\0'; p++)
        {
          if (*p == '_')
            g_string_append_c (out, '\\');
          g_string_append_c (out, *p);
        }
      g_string_append_c (out, '}');
    }
  else
    g_string_append (out, name);
}

static void
print_factor (const Printer *pr,
              const Factor  *f,
              int            power,
              GString       *out)
{
  print_symbol (pr, f->name, out);
  if (f->arg != NULL)
    {
      g_string_append (out, pr->style == STYLE_LATEX ? "\\left(" : "(");
      print_expr (pr, f->arg, out);
      g_string_append (out, pr->style == STYLE_LATEX ? "\\right)" : ")");
    }
  if (power != 1)
    {
      if (pr->style == STYLE_PLAIN)
        g_string_append_printf (out, "^%d", power);
      else if (pr->style == STYLE_LATEX)
        g_string_append_printf (out, "^{%d}", power);
      else
        g_string_append_printf (out, "<sup>%d</sup>", power);
    }
}

/* The product of the factors with positive (num) or negative powers. */
static guint
print_product (const Printer *pr,
               const Term    *t,
               gboolean       num,
               GString       *out)
{
  const char *times = pr->style == STYLE_PLAIN ? "*" : pr->style == STYLE_LATEX ? "\\," : "·";
  guint n = 0;

  for (guint k = 0; k < t->factors->len; k++)
    {
      const Factor *f = &g_array_index (t->factors, Factor, k);

      if ((f->power > 0) != num)
        continue;
      if (n++ > 0)
        g_string_append (out, times);
      print_factor (pr, f, num ? f->power : -f->power, out);
    }
  return n;
}

static void
print_term (const Printer *pr,
            const Term    *t,
            gboolean       first,
            GString       *out)
{
  g_autoptr(GString) num = g_string_new (NULL);
  g_autoptr(GString) den = g_string_new (NULL);
  double c = fabs (t->coef);
  guint n_den;
  const char *minus = pr->style == STYLE_MARKUP ? "−" : "-";

  if (t->coef < 0)
    g_string_append_printf (out, first ? "%s" : " %s ", minus);
  else if (!first)
    g_string_append (out, " + ");

  if (c != 1)
    print_number (num, c);
  {
    g_autoptr(GString) product = g_string_new (NULL);

    if (print_product (pr, t, TRUE, product) > 0)
      {
        if (num->len > 0)
          g_string_append (num, pr->style == STYLE_PLAIN ? "*" : pr->style == STYLE_LATEX ? "\\," : "·");
        g_string_append (num, product->str);
      }
  }
  if (num->len == 0)
    g_string_append_c (num, '1');
  n_den = print_product (pr, t, FALSE, den);

  if (n_den == 0)
    g_string_append (out, num->str);
  else if (pr->style == STYLE_LATEX)
    g_string_append_printf (out, "\\frac{%s}{%s}", num->str, den->str);
  else if (n_den == 1)
    g_string_append_printf (out, "%s/%s", num->str, den->str);
  else
    g_string_append_printf (out, "%s/(%s)", num->str, den->str);
}

static void
print_expr (const Printer *pr,
            const BgExpr  *e,
            GString       *out)
{
  if (e->terms->len == 0)
    {
      g_string_append_c (out, '0');
      return;
    }
  for (guint i = 0; i < e->terms->len; i++)
    print_term (pr, g_ptr_array_index (e->terms, i), i == 0, out);
}

/* The text of e in one style. */
static char *
print_to_string (Style             style,
                 const BgExpr     *e,
                 BgExprRenderFunc  render,
                 gpointer          user_data)
{
  Printer pr = { style, render, user_data };
  GString *out = g_string_new (NULL);

  print_expr (&pr, e, out);
  return g_string_free (out, FALSE);
}

char *
bg_expr_to_string (const BgExpr *self)
{
  return print_to_string (STYLE_PLAIN, self, NULL, NULL);
}

char *
bg_expr_to_latex (const BgExpr    *self,
                  BgExprRenderFunc render,
                  gpointer         user_data)
{
  return print_to_string (STYLE_LATEX, self, render, user_data);
}

char *
bg_expr_to_markup (const BgExpr    *self,
                   BgExprRenderFunc render,
                   gpointer         user_data)
{
  return print_to_string (STYLE_MARKUP, self, render, user_data);
}
