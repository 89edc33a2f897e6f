/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-equations.c — the symbolic state equations against hand-written
 * textbook forms and against the simulator's own right-hand side.
 *
 * Owns: the equations of RC, RLC, mass–spring–damper, lever, gear pair, a
 * TF chain, the parallel RC and the hydraulic bench checked as text; for
 * every example, the plain-text <expr> of every equation (parsed and
 * evaluated here by a small evaluator of docs/file-format.md's grammar) at the initial
 * state and at a state from a run, equal to the compiled plan's derivatives
 * to 1e-9 relative (relative to the sum of the magnitudes of the terms, so a
 * cancellation does not hide an error); the symbol table, markup and LaTeX
 * forms; and the failures with their messages. Must not: depend on the
 * order of other tests.
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bg-causality.h"
#include "bg-compiler.h"
#include "bg-equations.h"
#include "bg-file.h"
#include "bg-i18n.h"
#include "bg-model.h"
#include "bg-model-flatten.h"
#include "bg-plan-private.h"
#include "bg-simulator.h"
#include "bg-waveform.h"
#include "bg-test-sim.h"

#define REL_TOL 1e-9

/* An evaluator of docs/file-format.md's <expr> ---------------------------------------------
 *
 * expr := term (('+' | '-') term)*;  term := unary (('*' | '/') unary)*;
 * unary := '-' unary | power;  power := primary ('^' unary)?;
 * primary := number | symbol ('(' expr (',' expr)* ')')? | '(' expr ')'.
 * Each value carries the sum of the magnitudes of the terms it was summed
 * from, the scale its rounding error is relative to. */

typedef struct
{
  double value;
  double magnitude;
} Val;

typedef double (*FunctionCb) (const char *name, double arg, gpointer user_data);

typedef struct
{
  const char *p;
  GHashTable *symbols;  /* name → double* */
  FunctionCb  function;
  gpointer    user_data;
  char       *error;
} Parser;

static Val parse_expr (Parser *ps);

static void
skip_space (Parser *ps)
{
  while (*ps->p == ' ')
    ps->p++;
}

static void
parse_fail (Parser     *ps,
            const char *what)
{
  if (ps->error == NULL)
    ps->error = g_strdup_printf ("%s at “%s”", what, ps->p);
}

static Val
parse_primary (Parser *ps)
{
  Val v = { 0, 0 };

  skip_space (ps);
  if (*ps->p == '(')
    {
      ps->p++;
      v = parse_expr (ps);
      skip_space (ps);
      if (*ps->p != ')')
        parse_fail (ps, "expected )");
      else
        ps->p++;
      return v;
    }
  if (g_ascii_isdigit (*ps->p) || *ps->p == '.')
    {
      char *end;

      v.value = g_ascii_strtod (ps->p, &end);
      ps->p = end;
      v.magnitude = fabs (v.value);
      return v;
    }
  if (g_ascii_isalpha (*ps->p) || *ps->p == '_')
    {
      const char *start = ps->p;
      g_autofree char *name = NULL;

      while (g_ascii_isalnum (*ps->p) || *ps->p == '_' || *ps->p == '.')
        ps->p++;
      name = g_strndup (start, ps->p - start);
      skip_space (ps);
      if (*ps->p == '(')
        {
          Val arg;

          ps->p++;
          arg = parse_expr (ps);
          skip_space (ps);
          if (*ps->p != ')')
            parse_fail (ps, "expected ) after a function's argument");
          else
            ps->p++;
          v.value = ps->function (name, arg.value, ps->user_data);
          v.magnitude = fabs (v.value);
          return v;
        }
      {
        const double *x = g_hash_table_lookup (ps->symbols, name);

        if (x == NULL)
          {
            parse_fail (ps, "unknown symbol");
            g_test_message ("unknown symbol %s", name);
            return v;
          }
        v.value = *x;
        v.magnitude = fabs (*x);
      }
      return v;
    }
  parse_fail (ps, "unexpected character");
  return v;
}

static Val parse_unary (Parser *ps);

static Val
parse_power (Parser *ps)
{
  Val base = parse_primary (ps);

  skip_space (ps);
  if (*ps->p == '^')
    {
      Val e;

      ps->p++;
      e = parse_unary (ps);
      base.value = pow (base.value, e.value);
      base.magnitude = fabs (base.value);
    }
  return base;
}

static Val
parse_unary (Parser *ps)
{
  skip_space (ps);
  if (*ps->p == '-')
    {
      Val v;

      ps->p++;
      v = parse_unary (ps);
      v.value = -v.value;
      return v;
    }
  return parse_power (ps);
}

static Val
parse_term (Parser *ps)
{
  Val v = parse_unary (ps);

  for (;;)
    {
      char op;
      Val w;

      skip_space (ps);
      op = *ps->p;
      if (op != '*' && op != '/')
        return v;
      ps->p++;
      w = parse_unary (ps);
      v.value = op == '*' ? v.value * w.value : v.value / w.value;
      v.magnitude = fabs (v.value);
    }
}

static Val
parse_expr (Parser *ps)
{
  Val v = parse_term (ps);

  for (;;)
    {
      char op;
      Val w;

      skip_space (ps);
      op = *ps->p;
      if (op != '+' && op != '-')
        return v;
      ps->p++;
      w = parse_term (ps);
      v.value = op == '+' ? v.value + w.value : v.value - w.value;
      v.magnitude += w.magnitude;
    }
}

static Val
evaluate (const char *text,
          GHashTable *symbols,
          FunctionCb  function,
          gpointer    user_data)
{
  Parser ps = { text, symbols, function, user_data, NULL };
  Val v = parse_expr (&ps);

  skip_space (&ps);
  if (*ps.p != '\0')
    parse_fail (&ps, "trailing text");
  if (ps.error != NULL)
    g_error ("cannot evaluate “%s”: %s", text, ps.error);
  return v;
}

static void
test_evaluator (void)
{
  g_autoptr(GHashTable) symbols = g_hash_table_new (g_str_hash, g_str_equal);
  double a = 2, b = 3;
  Val v;

  g_hash_table_insert (symbols, (gpointer) "a", &a);
  g_hash_table_insert (symbols, (gpointer) "EL.b", &b);
  v = evaluate ("-a*EL.b/(a*a) + 2^3 - (1 - a)", symbols, NULL, NULL);
  g_assert_cmpfloat (v.value, ==, -1.5 + 8 + 1);
  v = evaluate ("1e-3*a", symbols, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (v.value, 2e-3, 1e-18);
}

/* Helpers ---------------------------------------------------------------------------- */

/* Builds a model from "TYPE:ID" words and "FROM>TO" bonds (b1, b2, ...);
 * params as "ID.param=value" words. */
static BgModel *
build (const char *domain,
       const char *elements,
       const char *bonds,
       const char *params)
{
  BgModel *model = bg_model_new ();
  g_auto(GStrv) els = g_strsplit (elements, " ", -1);
  g_auto(GStrv) bs = g_strsplit (bonds, " ", -1);
  g_auto(GStrv) ps = g_strsplit (params != NULL ? params : "", " ", -1);

  for (guint i = 0; els[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (els[i], ":", 2);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (bg_model_add_element (model, parts[0], bg_domain_from_id (domain),
                                              parts[1], 10.0 * i, 0, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; bs[i] != NULL; i++)
    {
      g_auto(GStrv) ends = g_strsplit (bs[i], ">", 2);
      g_autofree char *id = g_strdup_printf ("b%u", i + 1);
      g_autoptr(GError) error = NULL;

      g_assert_nonnull (bg_model_connect (model, ends[0], ends[1], id, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; ps[i] != NULL; i++)
    {
      g_auto(GStrv) kv = NULL;
      g_auto(GStrv) ep = NULL;
      g_autoptr(GError) error = NULL;

      if (*ps[i] == '\0')
        continue;
      kv = g_strsplit (ps[i], "=", 2);
      ep = g_strsplit (kv[0], ".", 2);
      g_assert_true (bg_model_set_param_number (model, ep[0], ep[1],
                                                g_ascii_strtod (kv[1], NULL), &error));
      g_assert_no_error (error);
    }
  return model;
}

static BgEquations *
derive_ok (BgModel           *model,
           const char *const *outputs)
{
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  BgEquations *eq;

  g_assert_true (bg_causality_is_ok (c));
  eq = bg_equations_derive (model, c, outputs, &error);
  g_assert_no_error (error);
  g_assert_nonnull (eq);
  return eq;
}

/* All equations' text, one a line. */
static char *
equations_text (const BgEquations *eq)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < bg_equations_get_n_equations (eq); i++)
    g_string_append_printf (s, "%s\n", bg_equations_get_equation (eq, i)->text);
  return g_string_free (s, FALSE);
}

static void
assert_text (BgModel    *model,
             const char *expected)
{
  g_autoptr(BgEquations) eq = derive_ok (model, NULL);
  g_autofree char *text = equations_text (eq);

  g_assert_cmpstr (text, ==, expected);
}

/* Textbook forms ------------------------------------------------------------------- */

static void
test_rc (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");

  assert_text (model, "d(q_C1)/dt = u_U/R1 - q_C1/(R1*C1)\n");
}

static void
test_rlc (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rlc-circuit.bgmod");

  assert_text (model,
               "d(p_L1)/dt = u_U - R1*p_L1/L1 - q_C1/C1\n"
               "d(q_C1)/dt = p_L1/L1\n");
}

static void
test_mass_spring_damper (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("mass-spring-damper.bgmod");

  assert_text (model,
               "d(p_M)/dt = u_F - B*p_M/M - q_K/K\n"
               "d(q_K)/dt = p_M/M\n");
}

static void
test_lever (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("lever.bgmod");

  /* The output force is the input force divided by n. */
  assert_text (model, "d(p_M)/dt = u_F/LEVER.n - B*p_M/M\n");
}

static void
test_gear_pair (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("gear-pair.bgmod");

  assert_text (model,
               "d(p_I_motor)/dt = u_T - B_motor*p_I_motor/I_motor - GEAR.n*q_K_shaft/K_shaft\n"
               "d(q_K_shaft)/dt = GEAR.n*p_I_motor/I_motor - p_I_load/I_load\n"
               "d(p_I_load)/dt = q_K_shaft/K_shaft - B_load*p_I_load/I_load\n");
}

/* Two transformers in a chain multiply; one drawn backwards divides. */
static void
test_tf_chain (void)
{
  g_autoptr(BgModel) model = build ("translational",
                                    "Se:F 1:J1 TF:T1 1:J2 TF:T2 1:J3 I:M R:B",
                                    "F>J1 J1>T1.P T1.S>J2 J2>T2.P T2.S>J3 J3>M J3>B",
                                    "T1.n=2 T2.n=5");
  g_autoptr(BgModel) reversed = build ("translational",
                                       "Se:F 1:J1 TF:T1 1:J2 I:M",
                                       "F>J1 J1>T1.S T1.P>J2 J2>M", NULL);

  assert_text (model, "d(p_M)/dt = u_F/(T2.n*T1.n) - B*p_M/M\n");
  assert_text (reversed, "d(p_M)/dt = T1.n*u_F\n");
}

static void
test_parallel_rc (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("parallel-rc-current-step.bgmod");

  assert_text (model, "d(q_C1)/dt = u_I0 - q_C1/(R1*C1)\n");
}

/* The bench: the pump, accumulator and lines form one algebraic group whose
 * unknown is the pressure at the pump (bond b6), shown as its joint
 * equation. */
static void
test_bench (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("hydraulic-bench.bgmod");
  g_autoptr(BgEquations) eq = derive_ok (model, NULL);
  g_autofree char *text = equations_text (eq);
  const BgEqSymbol *sym;

  g_assert_cmpstr (text, ==,
                   "d(V_f_ACC)/dt = e_b6/R_acc - P_ACC(V_f_ACC)/R_acc\n"
                   "d(q_C_A)/dt = Q_PUMP(e_b6 - u_TANK) - e_b6/R_acc + P_ACC(V_f_ACC)/R_acc - CYL.A_A*p_LOAD/LOAD.m\n"
                   "d(x_CYL)/dt = p_LOAD/LOAD.m\n"
                   "d(p_LOAD)/dt = CYL.A_A*q_C_A/C_A - CYL.A_B*q_C_B/C_B - LOAD.b*p_LOAD/LOAD.m - u_LOAD\n"
                   "d(s_LOAD)/dt = p_LOAD/LOAD.m\n"
                   "d(q_C_B)/dt = CYL.A_B*p_LOAD/LOAD.m - q_C_B/(R_ret*C_B) + u_TANK_B/R_ret\n"
                   "e_b6 = R_line*Q_PUMP(e_b6 - u_TANK) - R_line*e_b6/R_acc + R_line*P_ACC(V_f_ACC)/R_acc + q_C_A/C_A\n");
  g_assert_false (bg_equations_is_linear (eq));

  sym = bg_equations_lookup_symbol (eq, "CYL.A_A");
  g_assert_nonnull (sym);
  g_assert_cmpint (sym->kind, ==, BG_EQ_SYMBOL_PARAMETER);
  g_assert_cmpfloat_with_epsilon (sym->value, G_PI * 0.05 * 0.05 / 4, 1e-15);
  g_assert_cmpstr (sym->unit, ==, "m²");
  g_assert_cmpstr (sym->element, ==, "CYL");
  sym = bg_equations_lookup_symbol (eq, "Q_PUMP");
  g_assert_cmpint (sym->kind, ==, BG_EQ_SYMBOL_FUNCTION);
  g_assert_true (isnan (sym->value));
  sym = bg_equations_lookup_symbol (eq, "e_b6");
  g_assert_cmpint (sym->kind, ==, BG_EQ_SYMBOL_ALGEBRAIC);
  g_assert_cmpstr (sym->unit, ==, "Pa");
  /* a bond's unknown is e or f in every domain; p is kept for momenta */
  g_assert_cmpstr (sym->markup, ==, "e<sub>b6</sub>");
  sym = bg_equations_lookup_symbol (eq, "P_ACC");
  g_assert_cmpint (sym->kind, ==, BG_EQ_SYMBOL_FUNCTION);
  g_assert_cmpstr (sym->latex, ==, "P_{\\mathrm{ACC}}");
  sym = bg_equations_lookup_symbol (eq, "ACC.p0");
  g_assert_cmpstr (sym->unit, ==, "Pa");
  g_assert_cmpstr (sym->markup, ==, "P<sub>0,ACC</sub>");
}

/* The API the equations pane uses ------------------------------------------------------ */


/* A decorator as the equations pane uses: each symbol a link to itself. */
static char *
link_symbol_cb (const BgEqSymbol *symbol,
                gpointer          user_data)
{
  return g_strdup_printf ("<a href=\"%s\">%s</a>", symbol->symbol, symbol->markup);
}

static void
test_pane_forms (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  const char *outputs[] = { "C1.e", "b2.f", "b2.P", "R1.f", "C1.E", NULL };
  g_autoptr(BgEquations) eq = derive_ok (model, outputs);
  const BgEquation *state = bg_equations_get_equation (eq, 0);
  const BgEqSymbol *sym;
  g_autofree char *symbols = NULL;
  g_autofree char *elements = NULL;

  g_assert_cmpuint (bg_equations_get_n_equations (eq), ==, 6);
  g_assert_cmpint (state->kind, ==, BG_EQ_STATE);
  g_assert_cmpstr (state->name, ==, "C1.q");
  g_assert_cmpstr (state->symbol, ==, "q_C1");
  g_assert_cmpstr (state->rhs, ==, "u_U/R1 - q_C1/(R1*C1)");
  g_assert_cmpstr (state->markup, ==,
                   "dq<sub>C1</sub>/dt = u<sub>U</sub>(t)/R<sub>1</sub> − q<sub>C1</sub>/(R<sub>1</sub>·C<sub>1</sub>)");
  g_assert_cmpstr (state->latex, ==,
                   "\\frac{\\mathrm{d}q_{\\mathrm{C1}}}{\\mathrm{d}t} = \\frac{u_{\\mathrm{U}}(t)}{R_{\\mathrm{1}}} - \\frac{q_{\\mathrm{C1}}}{R_{\\mathrm{1}}\\,C_{\\mathrm{1}}}");
  symbols = g_strjoinv (" ", (char **) state->symbols);
  elements = g_strjoinv (" ", (char **) state->elements);
  g_assert_cmpstr (symbols, ==, "u_U R1 q_C1 C1");
  g_assert_cmpstr (elements, ==, "U R1 C1");

  g_assert_cmpstr (bg_equations_get_equation (eq, 1)->text, ==, "C1.e = q_C1/C1");
  /* b2 runs J → R1: its flow is R1's current. */
  g_assert_cmpstr (bg_equations_get_equation (eq, 2)->text, ==, "b2.f = u_U/R1 - q_C1/(R1*C1)");
  g_assert_cmpint (bg_equations_get_equation (eq, 2)->kind, ==, BG_EQ_OUTPUT);
  g_assert_cmpstr (bg_equations_get_equation (eq, 4)->text, ==, "R1.f = u_U/R1 - q_C1/(R1*C1)");
  g_assert_cmpstr (bg_equations_get_equation (eq, 5)->text, ==, "C1.E = 0.5*q_C1^2/C1");

  sym = bg_equations_lookup_symbol (eq, "R1");
  g_assert_cmpstr (sym->meaning, ==, "Resistance (R1)");
  g_assert_cmpfloat (sym->value, ==, 1000);
  g_assert_cmpstr (sym->unit, ==, "Ω");
  g_assert_cmpstr (sym->element, ==, "R1");
  sym = bg_equations_lookup_symbol (eq, "u_U");
  g_assert_cmpint (sym->kind, ==, BG_EQ_SYMBOL_INPUT);
  g_assert_cmpstr (sym->markup, ==, "u<sub>U</sub>(t)");
  sym = bg_equations_lookup_symbol (eq, "q_C1");
  g_assert_cmpint (sym->kind, ==, BG_EQ_SYMBOL_STATE);
  g_assert_cmpstr (sym->meaning, ==, "Charge (C1)");
  g_assert_true (bg_equations_is_linear (eq));
  /* States first in the table. */
  g_assert_cmpint (bg_equations_get_symbol (eq, 0)->kind, ==, BG_EQ_SYMBOL_STATE);
  {
    g_autofree char *marked = bg_equations_dup_markup_highlight (eq, 0, "R1", "<b>", "</b>");

    g_assert_cmpstr (marked, ==,
                     "dq<sub>C1</sub>/dt = u<sub>U</sub>(t)/<b>R<sub>1</sub></b> − q<sub>C1</sub>/(<b>R<sub>1</sub></b>·C<sub>1</sub>)");
  }
  {
    /* the state's own element marks the left-hand side too */
    g_autofree char *marked = bg_equations_dup_markup_highlight (eq, 0, "C1", "<b>", "</b>");

    g_assert_cmpstr (marked, ==,
                     "d<b>q<sub>C1</sub></b>/dt = u<sub>U</sub>(t)/R<sub>1</sub> − <b>q<sub>C1</sub></b>/(R<sub>1</sub>·<b>C<sub>1</sub></b>)");
  }
  {
    g_autofree char *linked = bg_equations_dup_markup_decorated (eq, 0, link_symbol_cb, NULL);

    g_assert_cmpstr (linked, ==,
                     "d<a href=\"q_C1\">q<sub>C1</sub></a>/dt = <a href=\"u_U\">u<sub>U</sub>(t)</a>/<a href=\"R1\">R<sub>1</sub></a>"
                     " − <a href=\"q_C1\">q<sub>C1</sub></a>/(<a href=\"R1\">R<sub>1</sub></a>·<a href=\"C1\">C<sub>1</sub></a>)");
  }
  {
    BgEquations *copy = g_boxed_copy (BG_TYPE_EQUATIONS, eq);

    g_assert_true (copy == eq);
    g_boxed_free (BG_TYPE_EQUATIONS, copy);
  }
}

static void
test_latex_block (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rlc-circuit.bgmod");
  g_autoptr(BgEquations) eq = derive_ok (model, NULL);
  g_autofree char *latex = bg_equations_to_latex (eq);

  g_assert_cmpstr (latex, ==,
                   "\\begin{align*}\n"
                   "  \\frac{\\mathrm{d}p_{\\mathrm{L1}}}{\\mathrm{d}t} &= u_{\\mathrm{U}}(t) - \\frac{R_{\\mathrm{1}}\\,p_{\\mathrm{L1}}}{L_{\\mathrm{1}}} - \\frac{q_{\\mathrm{C1}}}{C_{\\mathrm{1}}} \\\\\n"
                   "  \\frac{\\mathrm{d}q_{\\mathrm{C1}}}{\\mathrm{d}t} &= \\frac{p_{\\mathrm{L1}}}{L_{\\mathrm{1}}}\n"
                   "\\end{align*}\n");
}

/* A network without storage has no state equations; its outputs are
 * algebraic functions of the inputs. */
static void
test_no_states (void)
{
  g_autoptr(BgModel) model = build ("electrical", "Se:U 1:J R:R1 R:R2", "U>J J>R1 J>R2", NULL);
  const char *outputs[] = { "R1.f", NULL };
  g_autoptr(BgEquations) eq = derive_ok (model, outputs);
  g_autoptr(BgEquations) none = derive_ok (model, NULL);
  g_autofree char *text = bg_equations_to_text (none);

  g_autofree char *text_eq = bg_equations_to_text (eq);

  /* Two resistors in series close an algebraic loop through the 1-junction. */
  g_assert_cmpuint (bg_equations_get_n_equations (eq), ==, 2);
  g_assert_cmpstr (bg_equations_get_equation (eq, 0)->text, ==, "f_b2 = u_U/R1 - R2*f_b2/R1");
  g_assert_cmpint (bg_equations_get_equation (eq, 0)->kind, ==, BG_EQ_ALGEBRAIC);
  g_assert_cmpstr (bg_equations_get_equation (eq, 1)->text, ==, "R1.f = f_b2");
  g_assert_true (g_str_has_prefix (text, "The model has no states.\n"));
  g_assert_true (g_str_has_prefix (text_eq, "The model has no states.\n\nAlgebraic groups, solved jointly at each step:\n"));
  g_assert_true (bg_equations_is_linear (eq));
}

/* Failures --------------------------------------------------------------------------- */

static void
test_conflict_refused (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("conflict-two-capacitors.bgmod");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  BgEquations *eq = bg_equations_derive (model, c, NULL, &error);

  g_assert_null (eq);
  g_assert_error (error, BG_EQUATIONS_ERROR, BG_EQUATIONS_ERROR_CAUSALITY);
  g_assert_cmpstr (error->message, ==,
                   ((BgDiagnostic *) g_ptr_array_index (bg_causality_get_errors (c), 0))->message);
}

static void
test_unknown_output (void)
{
  g_autoptr(BgModel) model = bg_test_load_example ("rc-circuit.bgmod");
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  const char *outputs[] = { "C7.e", NULL };
  BgEquations *eq = bg_equations_derive (model, c, outputs, &error);

  g_assert_null (eq);
  g_assert_error (error, BG_EQUATIONS_ERROR, BG_EQUATIONS_ERROR_UNKNOWN_OUTPUT);
  g_assert_cmpstr (error->message, ==,
                   "“C7.e” is not a variable the equations can give (use BOND.e, BOND.f, BOND.P, a state, or a one-port’s e, f, E).");
}

/* Against the simulator ------------------------------------------------------------ */

typedef struct
{
  BgModel *model;
  double   t;
} FunctionData;

static double
input_value (BgElement  *el,
             const char *param,
             double      t)
{
  BgWave wave;

  bg_wave_from_params (&wave, el->spec, el->params, param);
  return bg_wave_eval (&wave, t, t);
}

static double
function_cb (const char *name,
             double      arg,
             gpointer    user_data)
{
  FunctionData *data = user_data;
  const char *us = strchr (name, '_');
  BgElement *el = bg_model_find_element (data->model, us + 1);
  guint index;

  g_assert_nonnull (el);
  if (g_str_has_prefix (name, "Q_"))
    {
      const BgParamValue *table;
      g_autofree double *x = NULL, *y = NULL;
      BgTable t;

      bg_component_spec_find_param (el->spec, "table", &index);
      table = &el->params[index];
      t.n_rows = table->table->len / 2;
      x = g_new (double, t.n_rows);
      y = g_new (double, t.n_rows);
      for (guint r = 0; r < t.n_rows; r++)
        {
          x[r] = g_array_index (table->table, double, 2 * r);
          y[r] = g_array_index (table->table, double, 2 * r + 1);
        }
      t.x = x;
      t.y = y;
      return _bg_table_eval (&t, arg);
    }
  if (g_str_has_prefix (name, "P_"))
    {
      BgGas gas = { 0 };

      bg_component_spec_find_param (el->spec, "p0", &index);
      gas.p0 = el->params[index].number;
      bg_component_spec_find_param (el->spec, "V0", &index);
      gas.V0 = el->params[index].number;
      bg_component_spec_find_param (el->spec, "n", &index);
      gas.n = el->params[index].number;
      return _bg_gas_eval (&gas, arg);
    }
  g_error ("unknown function %s", name);
  return 0;
}

/* Every equation's text evaluated at (t, y) equals the plan's value there:
 * state derivatives, the unknowns of algebraic groups (their joint equation
 * holds at the plan's solution) and outputs. */
static void
check_against_plan (BgModel           *model,
                    const BgEquations *eq,
                    BgPlan            *plan,
                    double             t,
                    const double      *y)
{
  guint n = bg_plan_get_n_states (plan);
  BgPlanWork *work = _bg_plan_work_new (plan);
  g_autofree double *ydot = g_new0 (double, MAX (n, 1));
  g_autofree double *outputs = g_new0 (double, bg_plan_get_n_vars (plan));
  g_autofree double *values = g_new0 (double, bg_equations_get_n_symbols (eq) + 1);
  g_autoptr(GHashTable) symbols = g_hash_table_new (g_str_hash, g_str_equal);
  FunctionData fd = { model, t };
  guint n_checked = 0;

  work->t = t;
  work->t_wave = t;
  g_assert_true (_bg_plan_eval_rhs (work, y, ydot));
  g_assert_true (_bg_plan_eval_outputs (work, t, y, outputs));

  g_hash_table_insert (symbols, (gpointer) "t", &fd.t);
  g_test_message ("checking %u equations at t = %g", bg_equations_get_n_equations (eq), t);
  for (guint i = 0; i < bg_equations_get_n_symbols (eq); i++)
    {
      const BgEqSymbol *sym = bg_equations_get_symbol (eq, i);

      switch (sym->kind)
        {
        case BG_EQ_SYMBOL_PARAMETER:
          values[i] = sym->value;
          break;
        case BG_EQ_SYMBOL_INPUT:
          {
            BgElement *el = bg_model_find_element (model, sym->element);

            values[i] = input_value (el, el->spec->waveform_param, t);
          }
          break;
        case BG_EQ_SYMBOL_STATE:
          for (guint k = 0; k < bg_equations_get_n_equations (eq); k++)
            {
              const BgEquation *e = bg_equations_get_equation (eq, k);

              if (e->kind == BG_EQ_STATE && strcmp (e->symbol, sym->symbol) == 0)
                for (guint s = 0; s < n; s++)
                  if (strcmp (bg_plan_get_state_name (plan, s), e->name) == 0)
                    values[i] = y[s];
            }
          break;
        case BG_EQ_SYMBOL_ALGEBRAIC:
          {
            /* e_b6 → b6.e; f_b4 → b4.f, the flow at `to` (docs/file-format.md's b4.f
             * follows the half-arrow). */
            g_autofree char *var = g_strdup_printf ("%s.%c", sym->symbol + 2, sym->symbol[0]);
            BgBond *bond = bg_model_find_bond (model, sym->symbol + 2);
            int index = bg_plan_lookup_var (plan, var);

            g_assert_cmpint (index, >=, 0);
            values[i] = outputs[index];
            if (sym->symbol[0] == 'f' && bond->arrow == BG_ARROW_REVERSED)
              values[i] = -values[i];
          }
          break;
        case BG_EQ_SYMBOL_FUNCTION:
        default:
          continue;
        }
      g_hash_table_insert (symbols, (gpointer) sym->symbol, &values[i]);
    }

  for (guint k = 0; k < bg_equations_get_n_equations (eq); k++)
    {
      const BgEquation *e = bg_equations_get_equation (eq, k);
      Val v = evaluate (e->rhs, symbols, function_cb, &fd);
      double expected = NAN;

      if (e->kind == BG_EQ_STATE)
        {
          for (guint s = 0; s < n; s++)
            if (strcmp (bg_plan_get_state_name (plan, s), e->name) == 0)
              expected = ydot[s];
        }
      else if (e->kind == BG_EQ_ALGEBRAIC)
        expected = *(double *) g_hash_table_lookup (symbols, e->symbol);
      else
        expected = outputs[bg_plan_lookup_var (plan, e->name)];

      g_assert_false (isnan (expected));
      if (fabs (v.value - expected) > REL_TOL * MAX (v.magnitude, fabs (expected)))
        g_error ("%s at t = %g: %.17g from “%s”, the simulator has %.17g",
                 e->name, t, v.value, e->text, expected);
      n_checked++;
    }
  g_assert_cmpuint (n_checked, ==, bg_equations_get_n_equations (eq));
  _bg_plan_work_free (work);
}

/* Every plan variable that the equations can give, as outputs. */
static GStrv
all_outputs (BgPlan *plan)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (guint v = 1; v < bg_plan_get_n_vars (plan); v++)
    {
      const char *name = bg_plan_get_var_name (plan, v);
      const char *dot = strrchr (name, '.');

      if (dot != NULL && (strcmp (dot, ".e") == 0 || strcmp (dot, ".f") == 0 ||
                          strcmp (dot, ".P") == 0 || strcmp (dot, ".q") == 0 ||
                          strcmp (dot, ".p") == 0 || strcmp (dot, ".E") == 0 ||
                          strcmp (dot, ".v") == 0 || strcmp (dot, ".x") == 0 ||
                          strcmp (dot, ".Q") == 0 || strcmp (dot, ".dp") == 0 ||
                          strcmp (dot, ".F_hyd") == 0 || strcmp (dot, ".V_f") == 0 ||
                          strcmp (dot, ".Q_A") == 0 || strcmp (dot, ".Q_B") == 0 ||
                          strcmp (dot, ".F") == 0 || strcmp (dot, ".s") == 0 ||
                          strcmp (dot, ".P_hyd") == 0 || strcmp (dot, ".P_mech") == 0 ||
                          strcmp (dot, ".V_gas") == 0))
        g_ptr_array_add (names, g_strdup (name));
    }
  g_ptr_array_add (names, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

static void
test_numeric_example (gconstpointer data)
{
  const char *name = data;
  g_autoptr(BgModel) document = bg_test_load_example (name);
  /* the library derives and compiles flat graphs (bgmod-cli flattens a
   * model with components first) */
  g_autoptr(BgModel) model = bg_model_flatten (document, NULL, NULL);
  g_autoptr(BgCausality) c = bg_causality_analyze (model);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgPlan) plan = bg_compiler_compile (model, c, NULL, &error);
  g_autoptr(BgEquations) eq = NULL;
  g_autoptr(BgResult) result = NULL;
  g_auto(GStrv) outputs = NULL;
  guint n;
  g_autofree double *y = NULL;
  BgSimReport report = { 0 };
  gsize row;

  g_assert_no_error (error);
  outputs = all_outputs (plan);
  eq = bg_equations_derive (model, c, (const char *const *) outputs, &error);
  g_assert_no_error (error);
  n = bg_plan_get_n_states (plan);
  y = g_new0 (double, MAX (n, 1));

  /* The initial state. */
  for (guint s = 0; s < n; s++)
    y[s] = bg_plan_get_state_initial (plan, s);
  check_against_plan (model, eq, plan, 0.0, y);

  /* A state from a run, past any step. */
  result = bg_simulator_new_result (plan);
  bg_simulator_run (plan, result, NULL, NULL, NULL, &report, &error);
  g_assert_no_error (error);
  bg_sim_report_clear (&report);
  g_assert_cmpuint (bg_result_get_n_rows (result), >, 10);
  row = bg_result_get_n_rows (result) * 3 / 4;
  for (guint s = 0; s < n; s++)
    {
      int col = bg_result_lookup (result, bg_plan_get_state_name (plan, s));

      g_assert_cmpint (col, >=, 0);
      y[s] = bg_result_get_value (result, (guint) col, row);
    }
  check_against_plan (model, eq, plan, bg_result_get_value (result, 0, row), y);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir_path = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  bg_i18n_init ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/equations/evaluator", test_evaluator);
  g_test_add_func ("/core/equations/rc", test_rc);
  g_test_add_func ("/core/equations/rlc", test_rlc);
  g_test_add_func ("/core/equations/mass-spring-damper", test_mass_spring_damper);
  g_test_add_func ("/core/equations/lever", test_lever);
  g_test_add_func ("/core/equations/gear-pair", test_gear_pair);
  g_test_add_func ("/core/equations/tf-chain", test_tf_chain);
  g_test_add_func ("/core/equations/parallel-rc", test_parallel_rc);
  g_test_add_func ("/core/equations/bench", test_bench);
  g_test_add_func ("/core/equations/pane-forms", test_pane_forms);
  g_test_add_func ("/core/equations/latex-block", test_latex_block);
  g_test_add_func ("/core/equations/no-states", test_no_states);
  g_test_add_func ("/core/equations/conflict-refused", test_conflict_refused);
  g_test_add_func ("/core/equations/unknown-output", test_unknown_output);

  /* Every conflict-free example against the simulator. */
  dir_path = g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", NULL);
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod") && !g_str_has_prefix (name, "conflict"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/equations/numeric/%s",
                                               (char *) g_ptr_array_index (names, i));

      g_test_add_data_func (path, g_ptr_array_index (names, i), test_numeric_example);
    }
  return g_test_run ();
}
