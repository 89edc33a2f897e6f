/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-symbols.c — in the equations of every example, each symbol
 * means one thing.
 *
 * Owns: /cli/symbols/one-meaning: for each model in data/examples that
 * has equations, `bgmod-cli equations` in its three forms (plain text,
 * --json, --latex): every symbol of the plain text and of the LaTeX is
 * one the JSON explains, and a symbol (its letter with its own subscript,
 * the element's subscript left out: p of p_LOAD, P_0 of ACC.p0 in LaTeX)
 * stands for one kind of quantity only, judged by its SI unit — p only
 * momenta, P only pressures, q only displacements, u only inputs (docs/
 * command-line.md, Symbols). /cli/symbols/convention: the bench's pressure
 * is P and its momentum p, the DC motor's rotor momentum p_MOT.
 * Must not: depend on the equations' right-hand sides (test-equations
 * owns them).
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "bg-test-cli.h"

/* The kind of quantity a symbol of @unit stands for: the bond-graph
 * families (momentum, displacement, effort, flow) across the domains, the
 * unit itself otherwise. */
static const char *
quantity (const char *unit,
          const char *kind)
{
  static const struct { const char *unit, *quantity; } table[] = {
    { "Wb", "momentum" }, { "Pa·s", "momentum" }, { "kg·m/s", "momentum" },
    { "N·s", "momentum" }, { "N·m·s", "momentum" },
    { "C", "displacement" }, { "m³", "displacement" }, { "m", "displacement" },
    { "rad", "displacement" },
    { "V", "effort" }, { "Pa", "effort: pressure" }, { "N", "effort" }, { "N·m", "effort" },
    { "A", "flow" }, { "m³/s", "flow" }, { "m/s", "flow" }, { "rad/s", "flow" },
    { "W", "power" }, { "J", "energy" }, { "", "number" },
  };

  if (strcmp (kind, "input") == 0)
    return "input";
  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    if (strcmp (unit, table[i].unit) == 0)
      return table[i].quantity;
  return unit;
}

/* The symbol of a plain name, its element's part left out: p of p_LOAD,
 * e of e_b6, A_A of CYL.A_A, p0 of ACC.p0, R of R_acc (the coefficient
 * named by its element). */
static char *
plain_key (const char *symbol,
           const char *kind,
           const char *element)
{
  gsize n = strlen (symbol), ne = strlen (element);

  if (strcmp (kind, "parameter") == 0)
    {
      if (strcmp (symbol, element) == 0)
        return g_strndup (symbol, strcspn (symbol, "_0123456789"));
      g_assert_true (g_str_has_prefix (symbol, element) && symbol[ne] == '.');
      return g_strdup (symbol + ne + 1);
    }
  g_assert_true (n > ne + 1 && g_str_has_suffix (symbol, element) && symbol[n - ne - 1] == '_');
  return g_strndup (symbol, n - ne - 1);
}

/* The symbol of a LaTeX form, its element's subscript left out:
 * "P_{\mathrm{0,ACC}}" → "P_0", "p_{\mathrm{LOAD}}" → "p",
 * "u_{\mathrm{U}}(t)" → "u", "\lambda_{\mathrm{MOT}}" → "\lambda". */
static char *
latex_key (const char *latex)
{
  static GRegex *regex;
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *head = NULL, *sub = NULL;
  const char *comma;

  if (regex == NULL)
    regex = g_regex_new ("^(\\\\?[A-Za-z]+|\\\\mathrm\\{[^}]*\\})(?:_\\{\\\\mathrm\\{(.*)\\}\\})?(?:\\(t\\))?$",
                         0, 0, NULL);
  if (!g_regex_match (regex, latex, 0, &match))
    g_error ("not a symbol's LaTeX: %s", latex);
  head = g_match_info_fetch (match, 1);
  sub = g_match_info_fetch (match, 2);
  comma = sub != NULL ? strrchr (sub, ',') : NULL;
  if (comma == NULL)
    return g_steal_pointer (&head);
  return g_strdup_printf ("%s_%.*s", head, (int) (comma - sub), sub);
}

/* key → the quantities it stands for, as "q1 | q2" when it is two. */
static void
note (GHashTable *meanings,
      const char *key,
      const char *what,
      const char *symbol)
{
  GString *seen = g_hash_table_lookup (meanings, key);

  if (seen == NULL)
    {
      seen = g_string_new (what);
      g_hash_table_insert (meanings, g_strdup (key), seen);
      return;
    }
  if (strcmp (seen->str, what) != 0 && strstr (seen->str, what) == NULL)
    g_string_append_printf (seen, " | %s (%s)", what, symbol);
}

static void
free_string (gpointer s)
{
  g_string_free (s, TRUE);
}

static void
assert_one_meaning (GHashTable *meanings,
                    const char *model,
                    const char *form)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, meanings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (strchr (((GString *) value)->str, '|') != NULL)
      g_error ("%s, %s: the symbol %s means %s", model, form, (const char *) key,
               ((GString *) value)->str);
}

/* The symbols of the plain text's table ("Symbols:" to the end), in order. */
static GPtrArray *
plain_symbols (const char *text)
{
  const char *table = strstr (text, "\nSymbols:\n");
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;

  g_assert_nonnull (table);
  lines = g_strsplit (table + strlen ("\nSymbols:\n"), "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];

      if (*line == '\0')
        continue;
      g_assert_true (g_str_has_prefix (line, "  "));
      line += 2;
      g_ptr_array_add (names, g_strndup (line, strcspn (line, " ")));
    }
  return names;
}

typedef struct
{
  char *model;
  JsonArray *symbols;     /* of the JSON form */
  char *text, *latex;
} Forms;

static void
forms_clear (Forms *f)
{
  g_free (f->model);
  g_free (f->text);
  g_free (f->latex);
  g_clear_pointer (&f->symbols, json_array_unref);
}

/* The three forms of `equations`; FALSE for a model without equations
 * (a conflict). */
static gboolean
read_forms (const char *path,
            Forms      *f)
{
  g_auto(BgCliRun) text = { 0 };
  g_auto(BgCliRun) json = { 0 };
  g_auto(BgCliRun) latex = { 0 };
  const char *a_text[] = { "equations", path, NULL };
  const char *a_json[] = { "equations", path, "--json", NULL };
  const char *a_latex[] = { "equations", path, "--latex", NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (bg_test_run_cli (&text, a_text, NULL));
  if (text.status != 0)
    {
      g_assert_cmpint (text.status, ==, 1);
      return FALSE;
    }
  g_assert_true (bg_test_run_cli (&json, a_json, NULL));
  g_assert_true (bg_test_run_cli (&latex, a_latex, NULL));
  g_assert_cmpint (json.status, ==, 0);
  g_assert_cmpint (latex.status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, json.out, -1, &error));
  g_assert_no_error (error);
  f->model = g_path_get_basename (path);
  f->symbols = json_array_ref (json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                                             "symbols"));
  f->text = g_steal_pointer (&text.out);
  f->latex = g_steal_pointer (&latex.out);
  return TRUE;
}

static void
check_forms (const Forms *f)
{
  g_autoptr(GHashTable) plain = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_string);
  g_autoptr(GHashTable) latex = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_string);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) latex_forms = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) listed = plain_symbols (f->text);
  g_autoptr(GRegex) subscripted = g_regex_new ("(?:\\\\[A-Za-z]+|[A-Za-z])_\\{\\\\mathrm\\{(?:[^{}]|\\\\_)*\\}\\}",
                                               0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n = json_array_get_length (f->symbols);

  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *sym = json_array_get_object_element (f->symbols, i);
      const char *name = json_object_get_string_member (sym, "symbol");
      const char *kind = json_object_get_string_member (sym, "kind");
      const char *what = quantity (json_object_get_string_member (sym, "unit"), kind);
      g_autofree char *lk = latex_key (json_object_get_string_member (sym, "latex"));
      g_autofree char *bare = g_strdup (json_object_get_string_member (sym, "latex"));

      g_hash_table_insert (by_name, (gpointer) name, sym);
      if (g_str_has_suffix (bare, "(t)"))
        bare[strlen (bare) - 3] = '\0';
      g_hash_table_add (latex_forms, g_strdup (bare));
      note (latex, lk, what, name);
    }
  /* the plain text lists the JSON's symbols, and they mean one thing each */
  g_assert_cmpuint (listed->len, ==, n);
  for (guint i = 0; i < listed->len; i++)
    {
      JsonObject *sym = g_hash_table_lookup (by_name, g_ptr_array_index (listed, i));
      g_autofree char *pk = NULL;

      if (sym == NULL)
        g_error ("%s: the plain text's symbol %s is not in the JSON", f->model,
                 (const char *) g_ptr_array_index (listed, i));
      pk = plain_key (g_ptr_array_index (listed, i), json_object_get_string_member (sym, "kind"),
                      json_object_get_string_member (sym, "element"));
      note (plain, pk, quantity (json_object_get_string_member (sym, "unit"),
                                 json_object_get_string_member (sym, "kind")),
            g_ptr_array_index (listed, i));
    }
  /* every subscripted symbol the LaTeX writes is one the JSON explains */
  g_regex_match (subscripted, f->latex, 0, &match);
  while (g_match_info_matches (match))
    {
      g_autofree char *token = g_match_info_fetch (match, 0);

      if (!g_hash_table_contains (latex_forms, token))
        g_error ("%s: the LaTeX writes %s, which no symbol of the JSON is", f->model, token);
      g_match_info_next (match, NULL);
    }
  assert_one_meaning (plain, f->model, "plain text and JSON");
  assert_one_meaning (latex, f->model, "LaTeX");
  g_test_message ("%s: %u symbols, %u plain letters, %u LaTeX letters", f->model, n,
                  g_hash_table_size (plain), g_hash_table_size (latex));
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
test_one_meaning (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *dir_path = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint checked = 0;
  const char *name;

  g_assert_nonnull (datadir);
  dir_path = g_build_filename (datadir, "examples", NULL);
  dir = g_dir_open (dir_path, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bgmod"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_assert_cmpuint (names->len, >=, 10);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir_path, g_ptr_array_index (names, i), NULL);
      Forms f = { 0 };

      if (!read_forms (path, &f))
        {
          g_test_message ("%s: no equations (a conflict)", (const char *) g_ptr_array_index (names, i));
          continue;
        }
      check_forms (&f);
      forms_clear (&f);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 10);
}

/* The symbols of @f whose key (LaTeX's or the plain one) is @plain, in
 * order, space-separated. */
static char *
symbols_of (const Forms *f,
            const char  *plain,
            gboolean     latex)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (f->symbols); i++)
    {
      JsonObject *sym = json_array_get_object_element (f->symbols, i);
      const char *name = json_object_get_string_member (sym, "symbol");
      g_autofree char *key = latex ? latex_key (json_object_get_string_member (sym, "latex"))
                                   : plain_key (name, json_object_get_string_member (sym, "kind"),
                                                json_object_get_string_member (sym, "element"));

      if (strcmp (key, plain) == 0)
        g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", name);
    }
  return g_string_free (out, FALSE);
}

static void
test_convention (void)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *bench = g_build_filename (datadir, "examples", "hydraulic-bench.bgmod", NULL);
  g_autofree char *motor = g_build_filename (datadir, "examples", "dc-motor-gear-load.bgmod", NULL);
  Forms f = { 0 };

  g_assert_true (read_forms (bench, &f));
  {
    g_autofree char *momenta = symbols_of (&f, "p", FALSE);
    g_autofree char *pressures = symbols_of (&f, "P", FALSE);
    g_autofree char *latex_pressures = symbols_of (&f, "P", TRUE);
    g_autofree char *latex_precharge = symbols_of (&f, "P_0", TRUE);

    g_assert_cmpstr (momenta, ==, "p_LOAD");
    g_assert_cmpstr (pressures, ==, "P_ACC");
    g_assert_cmpstr (latex_pressures, ==, "P_ACC");
    g_assert_cmpstr (latex_precharge, ==, "ACC.p0");
    g_assert_nonnull (strstr (f.latex, "P_{\\mathrm{ACC}}\\left("));
    g_assert_null (strstr (f.latex, "p_{\\mathrm{b6}}"));
  }
  forms_clear (&f);
  g_assert_true (read_forms (motor, &f));
  {
    g_autofree char *momenta = symbols_of (&f, "p", FALSE);
    g_autofree char *latex_l = symbols_of (&f, "L", TRUE);

    g_assert_cmpstr (momenta, ==, "p_MOT p_I_load");
    /* L is no longer the rotor's momentum beside L_a, the inductance */
    g_assert_cmpstr (latex_l, ==, "");
    g_assert_nonnull (strstr (f.latex, "\\lambda_{\\mathrm{MOT}}"));
  }
  forms_clear (&f);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/symbols/one-meaning", test_one_meaning);
  g_test_add_func ("/cli/symbols/convention", test_convention);

  return g_test_run ();
}
