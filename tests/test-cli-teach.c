/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-teach.c — the teaching commands of bgmod-cli as docs/command-line.md
 * ("Additions") specifies them: `analyze --steps [--json]` and `equations
 * [--json | --latex]`.
 *
 * Owns: running the built bgmod-cli (BGMOD_CLI) on the examples and checking
 * stdout, stderr and the exit codes (0 ok, 1 invalid model or conflict, 2
 * usage error or unreadable file), in English and with LANGUAGE=ru. Must
 * not: link the CLI's code or depend on the order of tests.
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>
#include <json-glib/json-glib.h>

#include "bg-test-cli.h"

/* Runs bgmod-cli with the arguments (NULL-terminated), LANGUAGE=language
 * when not NULL. Returns FALSE, the test skipped, without BGMOD_CLI. */
static gboolean
run_cli (BgCliRun          *run,
         const char        *language,
         const char *const *args)
{
  const char *const env[] = { "LANGUAGE", language, NULL };

  return bg_test_run_cli (run, args, language != NULL ? env : NULL);
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* analyze --steps ------------------------------------------------------- */

static void
test_steps_text (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("rc-circuit.bgmod");
  const char *args[] = { "analyze", path, "--steps", NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_true (g_str_has_prefix (run.out,
                                   "How the strokes follow from the rules (SCAP), step by step:\n"
                                   "  1. [fixed source] Voltage source U sets the voltage, so bond b1 gets its stroke away from U, at J.\n"
                                   "  2. [storage] Capacitor C1 integrates the current it receives and sets the voltage from its state (integral causality), so bond b3 gets its stroke away from C1, at J.\n"
                                   "  3. [propagation, after steps 1, 2] No other bond on 1-junction J sets its current, so the last one, bond b2, must: its stroke goes away from J, at R1, and J takes its current from R1.\n"
                                   "\n"
                                   "Bonds (the causal stroke marks the end that receives effort):\n"));
  g_assert_nonnull (strstr (run.out, "Causality OK · 1 state\n"));
}

static void
test_steps_bench (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("hydraulic-bench.bgmod");
  const char *args[] = { "analyze", path, "--steps", NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out,
                            "   6. [propagation, after step 5] 0-junction J_A takes its pressure from C_A, so every other bond on J_A gets its stroke away from J_A: bond b8 carries the pressure to J_line.\n"));
  g_assert_nonnull (strstr (run.out, "  16. [propagation, after step 15] "));
  g_assert_null (strstr (run.out, "  17. "));
}

/* A conflict: the last step names it with its chain; exit 1; the error
 * still goes to stderr. */
static void
test_steps_conflict (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("conflict-two-capacitors.bgmod");
  const char *args[] = { "analyze", path, "--steps", NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.out,
                            "  6. [CONFLICT, after steps 2, 4] Causal conflict at 0-junction J_C: C1 and C2 both set its voltage (C1 → b4, C2 → b5)."));
  g_assert_nonnull (strstr (run.err, "error: Causal conflict at 0-junction J_C"));
}

static void
test_steps_json (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_auto(BgCliRun) plain = { 0 };
  g_autofree char *path = example ("conflict-accumulator-on-chamber.bgmod");
  const char *args[] = { "analyze", path, "--steps", "--json", NULL };
  const char *plain_args[] = { "analyze", path, "--json", NULL };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) plain_root = NULL;
  JsonObject *obj, *plain_obj;
  JsonArray *steps, *bonds;
  g_autoptr(GHashTable) stroke_of = g_hash_table_new (g_str_hash, g_str_equal);
  guint n, n_stroked = 0;

  if (!run_cli (&run, NULL, args) || !run_cli (&plain, NULL, plain_args))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpint (plain.status, ==, 1);
  root = parse_json (run.out);
  plain_root = parse_json (plain.out);
  obj = json_node_get_object (root);
  plain_obj = json_node_get_object (plain_root);

  /* Every key of analyze --json, equal, plus "steps". */
  g_assert_false (json_object_get_boolean_member (obj, "ok"));
  for (const char *const *key = (const char *const[]) { "states", "bonds", "algebraic_groups",
                                                        "errors", "warnings", NULL };
       *key != NULL; key++)
    g_assert_true (json_node_equal (json_object_get_member (obj, *key),
                                    json_object_get_member (plain_obj, *key)));

  bonds = json_object_get_array_member (obj, "bonds");
  for (guint i = 0; i < json_array_get_length (bonds); i++)
    {
      JsonObject *b = json_array_get_object_element (bonds, i);

      g_hash_table_insert (stroke_of, (gpointer) json_object_get_string_member (b, "id"),
                           (gpointer) json_object_get_string_member (b, "stroke"));
    }

  steps = json_object_get_array_member (obj, "steps");
  n = json_array_get_length (steps);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *step = json_array_get_object_element (steps, i);
      JsonArray *after = json_object_get_array_member (step, "after");
      const char *phase = json_object_get_string_member (step, "phase");

      g_assert_cmpint (json_object_get_int_member (step, "n"), ==, i + 1);
      g_assert_true (g_strv_contains ((const char *const[]) { "fixed", "storage", "resistor",
                                                              "arbitrary", "propagation", NULL },
                                      phase));
      g_assert_cmpuint (strlen (json_object_get_string_member (step, "because")), >, 10);
      for (guint k = 0; k < json_array_get_length (after); k++)
        g_assert_cmpint (json_array_get_int_element (after, k), <=, i);
      if (json_object_has_member (step, "conflict"))
        continue;
      /* The same stroke as analyze --json reports. */
      g_assert_cmpstr (json_object_get_string_member (step, "stroke"), ==,
                       g_hash_table_lookup (stroke_of, json_object_get_string_member (step, "bond")));
      n_stroked++;
    }
  g_assert_cmpuint (n_stroked, ==, json_array_get_length (bonds));
}

static void
test_steps_russian (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("rc-circuit.bgmod");
  const char *args[] = { "analyze", path, "--steps", NULL };

  if (!run_cli (&run, "ru", args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
                                   "Как штрихи следуют из правил (SCAP), шаг за шагом:\n"
                                   "  1. [источник] Источник напряжения U: напряжение задаётся им, поэтому штрих связи b1 ставится не у U, а у J.\n"));
  g_assert_nonnull (strstr (run.out, "  3. [распространение, после шагов 1, 2] 1-узел J: ток не задаётся ни одной другой связью"));
}

static void
test_steps_usage (void)
{
  g_auto(BgCliRun) missing = { 0 };
  g_auto(BgCliRun) unreadable = { 0 };
  const char *args_missing[] = { "analyze", "--steps", NULL };
  const char *args_unreadable[] = { "analyze", "/nonexistent/model.bgmod", "--steps", "--json", NULL };

  if (!run_cli (&missing, NULL, args_missing))
    return;
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_cmpstr (missing.err, ==,
                   "bgmod-cli analyze: missing the model file\n"
                   "Run “bgmod-cli analyze --help” for its options.\n");
  run_cli (&unreadable, NULL, args_unreadable);
  g_assert_cmpint (unreadable.status, ==, 2);
  g_assert_cmpstr (unreadable.out, ==, "");
  g_assert_nonnull (strstr (unreadable.err, "/nonexistent/model.bgmod"));
}

/* equations -------------------------------------------------------------- */

static void
test_equations_rlc (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("rlc-circuit.bgmod");
  const char *args[] = { "equations", path, NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==,
                   "d(p_L1)/dt = u_U - R1*p_L1/L1 - q_C1/C1\n"
                   "d(q_C1)/dt = p_L1/L1\n"
                   "\n"
                   "Symbols:\n"
                   "  p_L1  Flux linkage (L1); state, initially 0 Wb\n"
                   "  q_C1  Charge (C1); state, initially 0 C\n"
                   "  u_U   Voltage (U): u = 0 for t < 0.05 s, then 10; input, 0 V at t = 0\n"
                   "  R1    Resistance (R1) = 10 Ω\n"
                   "  L1    Inductance (L1) = 0.1 H\n"
                   "  C1    Capacitance (C1) = 0.001 F\n");
}

/* The chosen outputs are the variables plotted in the view. */
static void
test_equations_outputs (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("rc-circuit.bgmod");
  const char *args[] = { "equations", path, NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
                                   "d(q_C1)/dt = u_U/R1 - q_C1/(R1*C1)\n"
                                   "\n"
                                   "Outputs:\n"
                                   "C1.e = q_C1/C1\n"
                                   "R1.f = u_U/R1 - q_C1/(R1*C1)\n"));
}

static void
test_equations_json (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("hydraulic-bench.bgmod");
  const char *args[] = { "equations", path, "--json", NULL };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *obj, *state, *sym = NULL;
  JsonArray *symbols, *inputs;

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  root = parse_json (run.out);
  obj = json_node_get_object (root);
  g_assert_false (json_object_get_boolean_member (obj, "linear"));
  state = json_array_get_object_element (json_object_get_array_member (obj, "states"), 2);
  g_assert_cmpstr (json_object_get_string_member (state, "name"), ==, "CYL.x");
  g_assert_cmpstr (json_object_get_string_member (state, "symbol"), ==, "x_CYL");
  g_assert_cmpstr (json_object_get_string_member (state, "rhs"), ==, "p_LOAD/LOAD.m");
  g_assert_cmpstr (json_object_get_string_member (state, "latex"), ==,
                   "\\frac{\\mathrm{d}x_{\\mathrm{CYL}}}{\\mathrm{d}t} = \\frac{p_{\\mathrm{LOAD}}}{m_{\\mathrm{LOAD}}}");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "algebraic")), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (obj, "outputs")), ==, 3);

  symbols = json_object_get_array_member (obj, "symbols");
  for (guint i = 0; i < json_array_get_length (symbols); i++)
    {
      JsonObject *o = json_array_get_object_element (symbols, i);

      if (strcmp (json_object_get_string_member (o, "symbol"), "R_line") == 0)
        sym = o;
    }
  g_assert_nonnull (sym);
  g_assert_cmpfloat (json_object_get_double_member (sym, "value"), ==, 1e9);
  g_assert_cmpstr (json_object_get_string_member (sym, "unit"), ==, "Pa·s/m³");
  g_assert_cmpstr (json_object_get_string_member (sym, "meaning"), ==, "Line resistance (R_line)");

  inputs = json_object_get_array_member (obj, "inputs");
  g_assert_cmpuint (json_array_get_length (inputs), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (inputs, 0), "symbol"), ==, "u_TANK");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (inputs, 0), "element"), ==, "TANK");
}

static void
test_equations_latex (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("rc-circuit.bgmod");
  const char *args[] = { "equations", path, "--latex", NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out, "\\begin{align*}\n"
                                   "  \\frac{\\mathrm{d}q_{\\mathrm{C1}}}{\\mathrm{d}t} &= \\frac{u_{\\mathrm{U}}(t)}{R_{\\mathrm{1}}} - \\frac{q_{\\mathrm{C1}}}{R_{\\mathrm{1}}\\,C_{\\mathrm{1}}} \\\\\n"));
  g_assert_true (g_str_has_suffix (run.out, "\\end{align*}\n"));
}

static void
test_equations_conflict (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("conflict-two-capacitors.bgmod");
  const char *args[] = { "equations", path, "--json", NULL };

  if (!run_cli (&run, NULL, args))
    return;
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==,
                   "bgmod-cli: Causal conflict at 0-junction J_C: C1 and C2 both set its voltage (C1 → b4, C2 → b5). "
                   "Two storages that set the same effort are over-constrained — connect one through an explicit resistance if that is the intended physics.\n");
}

static void
test_equations_usage (void)
{
  g_auto(BgCliRun) both = { 0 };
  g_auto(BgCliRun) missing = { 0 };
  g_auto(BgCliRun) unreadable = { 0 };
  g_autofree char *path = example ("rc-circuit.bgmod");
  const char *args_both[] = { "equations", path, "--json", "--latex", NULL };
  const char *args_missing[] = { "equations", NULL };
  const char *args_unreadable[] = { "equations", "/nonexistent/model.bgmod", NULL };

  if (!run_cli (&both, NULL, args_both))
    return;
  g_assert_cmpint (both.status, ==, 2);
  g_assert_cmpstr (both.err, ==,
                   "bgmod-cli equations: --json and --latex exclude each other\n"
                   "Run “bgmod-cli equations --help” for its options.\n");
  run_cli (&missing, NULL, args_missing);
  g_assert_cmpint (missing.status, ==, 2);
  g_assert_cmpstr (missing.err, ==,
                   "bgmod-cli equations: missing the model file\n"
                   "Run “bgmod-cli equations --help” for its options.\n");
  run_cli (&unreadable, NULL, args_unreadable);
  g_assert_cmpint (unreadable.status, ==, 2);
  g_assert_nonnull (strstr (unreadable.err, "/nonexistent/model.bgmod"));
}

static void
test_equations_russian (void)
{
  g_auto(BgCliRun) run = { 0 };
  g_autofree char *path = example ("rlc-circuit.bgmod");
  const char *args[] = { "equations", path, NULL };

  if (!run_cli (&run, "ru", args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Обозначения:\n"));
  /* the unit in the Russian symbols of GOST 8.417 */
  g_assert_nonnull (strstr (run.out, "  R1    Сопротивление (R1) = 10 Ом\n"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/analyze-steps/text", test_steps_text);
  g_test_add_func ("/cli/analyze-steps/bench", test_steps_bench);
  g_test_add_func ("/cli/analyze-steps/conflict", test_steps_conflict);
  g_test_add_func ("/cli/analyze-steps/json", test_steps_json);
  g_test_add_func ("/cli/analyze-steps/russian", test_steps_russian);
  g_test_add_func ("/cli/analyze-steps/usage", test_steps_usage);
  g_test_add_func ("/cli/equations/rlc", test_equations_rlc);
  g_test_add_func ("/cli/equations/outputs", test_equations_outputs);
  g_test_add_func ("/cli/equations/json", test_equations_json);
  g_test_add_func ("/cli/equations/latex", test_equations_latex);
  g_test_add_func ("/cli/equations/conflict", test_equations_conflict);
  g_test_add_func ("/cli/equations/usage", test_equations_usage);
  g_test_add_func ("/cli/equations/russian", test_equations_russian);
  return g_test_run ();
}
