/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-file-bad.c — what the .bgmod reader refuses (core/bg-file.c).
 *
 * Owns: the exact message of each bad file (syntax, schema, ids, bonds,
 * parameters, settings, view), the model's refusals of a bond with the
 * place in front, and the limits on hostile input (nesting depth, element
 * count, NUL bytes, file size, devices, FIFOs and /proc files). Must not:
 * depend on the analyzer or the simulator; files that load, round trips
 * and saving are test-file.c's.
 */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "bg-file.h"
#include "bg-file-read-private.h"
#include "bg-test-file.h"

/* ------------------------------------------------------------------------
 * Bad files: each checks the exact message
 * ------------------------------------------------------------------------ */

typedef struct
{
  const char *name;
  const char *json;
  BgFileError code;
  const char *message;
} BadFile;

static const BadFile bad_files[] = {
  { "syntax-trailing-comma",
    "{\n  \"format\": \"bgmod\",\n  \"version\": 1,\n  \"elements\": [],\n}\n",
    BG_FILE_ERROR_SYNTAX, "line 5: unexpected '}'" },
  { "syntax-extra-brace",
    "{\n  \"format\": \"bgmod\",\n  \"version\": 1,\n  \"elements\": []\n}}\n",
    BG_FILE_ERROR_SYNTAX, "line 5: unexpected '}'" },
  { "syntax-unterminated-string",
    "{\n  \"format\": \"bgmod\",\n  \"name\": \"RC\n}\n",
    BG_FILE_ERROR_SYNTAX, "line 3: unterminated string" },
  { "syntax-bare-word",
    "{\"format\": bgmod}", BG_FILE_ERROR_SYNTAX, "line 1: unexpected 'bgmod'" },
  { "syntax-leading-zero",
    "{\"version\": 01}", BG_FILE_ERROR_SYNTAX, "line 1: unexpected '1'" },
  { "syntax-comment",
    "{\n/* c */ \"format\": \"bgmod\"}", BG_FILE_ERROR_SYNTAX, "line 2: unexpected '/'" },
  { "syntax-bad-escape",
    "{\"name\": \"a\\qb\"}", BG_FILE_ERROR_SYNTAX,
    "line 1: invalid escape '\\q' in a string" },
  { "syntax-number-out-of-range",
    HEAD "\"elements\": [], \"simulation\": {\"t_end\": 1e400}}",
    BG_FILE_ERROR_SYNTAX, "line 1: number 1e400 is out of range" },
  { "syntax-duplicate-key",
    "{\n\"format\": \"bgmod\",\n\"format\": \"bgmod\"}",
    BG_FILE_ERROR_SYNTAX, "line 3: duplicate key \"format\"" },
  { "syntax-trailing-garbage",
    HEAD "\"elements\": []}\nx", BG_FILE_ERROR_SYNTAX, "line 2: unexpected 'x'" },
  { "syntax-empty", "", BG_FILE_ERROR_SYNTAX, "line 1: the file is empty" },
  { "syntax-truncated",
    "{\"format\": \"bgmod\",\n", BG_FILE_ERROR_SYNTAX, "line 2: unexpected end of file" },
  { "not-an-object",
    "[1, 2]", BG_FILE_ERROR_INVALID,
    "not a BGMod model: the top level must be a JSON object" },
  { "missing-format",
    "{\"version\": 1, \"elements\": []}", BG_FILE_ERROR_INVALID,
    "format: missing; this is not a BGMod model" },
  { "wrong-format",
    "{\"format\": \"bgmodx\", \"version\": 1, \"elements\": []}", BG_FILE_ERROR_INVALID,
    "format: must be \"bgmod\"; this is not a BGMod model" },
  { "newer-version",
    "{\"format\": \"bgmod\", \"version\": 2, \"elements\": []}", BG_FILE_ERROR_VERSION,
    "version: the file is format version 2, newer than this BGMod reads (1); "
    "update BGMod to open it" },
  { "version-not-a-number",
    "{\"format\": \"bgmod\", \"version\": \"1\", \"elements\": []}", BG_FILE_ERROR_INVALID,
    "version: must be a whole number; this BGMod reads version 1" },
  { "version-fraction",
    "{\"format\": \"bgmod\", \"version\": 1.5, \"elements\": []}", BG_FILE_ERROR_INVALID,
    "version: must be a whole number; this BGMod reads version 1" },
  { "missing-elements",
    HEAD "\"bonds\": []}", BG_FILE_ERROR_INVALID, "elements: missing" },
  { "elements-not-array",
    HEAD "\"elements\": {}}", BG_FILE_ERROR_INVALID, "elements: must be an array" },
  { "element-not-object",
    ONE_ELEMENT ("42"), BG_FILE_ERROR_INVALID, "elements[0]: must be an object" },
  { "duplicate-id",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\"}, "
                 "{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\"}, "
                 "{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID, "elements[2].id: duplicate id \"R1\"" },
  { "bond-id-used-by-element",
    WITH_BONDS ("{\"id\": \"R1\", \"from\": \"U\", \"to\": \"J\"}"),
    BG_FILE_ERROR_INVALID, "bonds[0].id: duplicate id \"R1\"" },
  { "duplicate-bond-id",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, "
                "{\"id\": \"b1\", \"from\": \"J\", \"to\": \"R1\"}"),
    BG_FILE_ERROR_INVALID, "bonds[1].id: duplicate id \"b1\"" },
  { "missing-id",
    ONE_ELEMENT ("{\"type\": \"R\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID, "elements[0].id: missing" },
  { "bad-id-chars",
    ONE_ELEMENT ("{\"id\": \"R-1\", \"type\": \"R\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].id: \"R-1\" is not a valid id (use letters, digits and _, "
    "not starting with a digit)" },
  { "bad-id-leading-digit",
    ONE_ELEMENT ("{\"id\": \"1R\", \"type\": \"R\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].id: \"1R\" is not a valid id (use letters, digits and _, "
    "not starting with a digit)" },
  { "id-too-long",
    ONE_ELEMENT ("{\"id\": \"R1234567890123456789012345678901234567890123456789012345678901234\", "
                 "\"type\": \"R\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID, "elements[0].id: longer than 64 characters" },
  { "unknown-type",
    ONE_ELEMENT ("{\"id\": \"G1\", \"type\": \"Memristor\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID, "elements[0].type: unknown type \"Memristor\" (element G1)" },
  { "type-not-string",
    ONE_ELEMENT ("{\"id\": \"G1\", \"type\": 5, \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID, "elements[0].type: must be a string (element G1)" },
  { "missing-domain",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\"}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].domain: missing (R needs one of: electrical, hydraulic, "
    "translational, rotational) (element R1)" },
  { "unknown-domain",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"thermal\"}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].domain: unknown domain \"thermal\" (use electrical, hydraulic, "
    "translational or rotational) (element R1)" },
  { "unknown-element-key",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"colour\": 1}"),
    BG_FILE_ERROR_INVALID, "elements[0].colour: unknown key (element R1)" },
  { "x-not-number",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": \"10\"}"),
    BG_FILE_ERROR_INVALID, "elements[0].x: must be a number (element R1)" },
  { "bad-rotation",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"rotation\": 45}"),
    BG_FILE_ERROR_INVALID, "elements[0].rotation: must be 0, 90, 180 or 270 (element R1)" },
  { "label-not-string",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"label\": true}"),
    BG_FILE_ERROR_INVALID, "elements[0].label: must be a string (element R1)" },
  { "unknown-param",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", "
                 "\"params\": {\"resistance\": 5}}"),
    BG_FILE_ERROR_INVALID, "elements[0].params.resistance: unknown parameter (R has: value) (element R1)" },
  { "param-on-junction",
    ONE_ELEMENT ("{\"id\": \"J\", \"type\": \"0\", \"domain\": \"electrical\", "
                 "\"params\": {\"value\": 5}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params.value: unknown parameter (0 has no parameters) (element J)" },
  { "param-zero",
    ONE_ELEMENT ("{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", "
                 "\"params\": {\"value\": 0}}"),
    BG_FILE_ERROR_INVALID, "elements[0].params.value: must be > 0 (element C1)" },
  /* Subnormal or huge parameters: refused by the loader, so analyze and
   * simulate agree (tests/data/hostile/ has the whole models). */
  { "param-subnormal",
    ONE_ELEMENT ("{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", "
                 "\"params\": {\"value\": 1e-320}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element C1)" },
  { "param-huge",
    ONE_ELEMENT ("{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", "
                 "\"params\": {\"value\": -1e308}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params.value: must be 0 or of a magnitude between 1e-50 and 1e+50 (element U)" },
  { "table-row-huge",
    ONE_ELEMENT ("{\"id\": \"PUMP\", \"type\": \"PumpCurve\", "
                 "\"params\": {\"table\": [[0, 1e-3], [1e60, 0]]}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params.table: row 2: must be 0 or of a magnitude between 1e-50 and 1e+50 (element PUMP)" },
  { "advanced-domain-contradicts-ports",
    ONE_ELEMENT ("{\"id\": \"CYL\", \"type\": \"CylinderDA\", \"domain\": \"electrical\"}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].domain: \"electrical\" contradicts the ports of CylinderDA "
    "(hydraulic, translational); leave the key out (element CYL)" },
  { "param-negative",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"hydraulic\"}, "
                 "{\"id\": \"R2\", \"type\": \"R\", \"domain\": \"hydraulic\", "
                 "\"params\": {\"value\": -1e9}}"),
    BG_FILE_ERROR_INVALID, "elements[1].params.value: must be > 0 (element R2)" },
  { "param-not-number",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", "
                 "\"params\": {\"value\": \"100\"}}"),
    BG_FILE_ERROR_INVALID, "elements[0].params.value: must be a number (element R1)" },
  { "params-not-object",
    ONE_ELEMENT ("{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", "
                 "\"params\": [100]}"),
    BG_FILE_ERROR_INVALID, "elements[0].params: must be an object (element R1)" },
  { "bad-waveform",
    ONE_ELEMENT ("{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", "
                 "\"params\": {\"waveform\": \"square\"}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params.waveform: must be one of: constant, step, ramp, sine, pulse, table (element U)" },
  { "negative-step-time",
    ONE_ELEMENT ("{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", "
                 "\"params\": {\"waveform\": \"step\", \"time\": -1}}"),
    BG_FILE_ERROR_INVALID, "elements[0].params.time: must be ≥ 0 (element U)" },
  { "accumulator-exponent-range",
    ONE_ELEMENT ("{\"id\": \"ACC\", \"type\": \"GasAccumulator\", \"params\": {\"n\": 2.5}}"),
    BG_FILE_ERROR_INVALID, "elements[0].params.n: must be between 1 and 2 (element ACC)" },
  { "pump-table-not-monotone",
    ONE_ELEMENT ("{\"id\": \"PUMP\", \"type\": \"PumpCurve\", \"params\": "
                 "{\"table\": [[0, 1e-4], [2e7, 0.5e-4], [1e7, 0]]}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params: row 3: pressure rise Δp must be strictly increasing (element PUMP)" },
  { "pump-table-row-not-pair",
    ONE_ELEMENT ("{\"id\": \"PUMP\", \"type\": \"PumpCurve\", \"params\": "
                 "{\"table\": [[0, 1e-4], [2e7]]}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params.table[1]: must be a pair of numbers (element PUMP)" },
  { "pump-table-cell-not-number",
    ONE_ELEMENT ("{\"id\": \"PUMP\", \"type\": \"PumpCurve\", \"params\": "
                 "{\"table\": [[0, 1e-4], [2e7, null]]}}"),
    BG_FILE_ERROR_INVALID, "elements[0].params.table[1][1]: must be a number (element PUMP)" },
  { "cylinder-rod-not-smaller",
    ONE_ELEMENT ("{\"id\": \"CYL\", \"type\": \"CylinderDA\", \"params\": "
                 "{\"D\": 0.05, \"d\": 0.05}}"),
    BG_FILE_ERROR_INVALID,
    "elements[0].params: rod diameter d = 0.05 m must be smaller than piston "
    "diameter D = 0.05 m (element CYL)" },
  { "bond-unknown-element",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, "
                "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"C7\"}"),
    BG_FILE_ERROR_INVALID, "bonds[1].to: no element \"C7\"" },
  { "bond-unknown-port",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"M1\", \"to\": \"CYL.X\"}"),
    BG_FILE_ERROR_INVALID, "bonds[0].to: CYL has no port \"X\" (ports: A, B, M)" },
  { "bond-multiport-without-port",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"CYL\", \"to\": \"M1\"}"),
    BG_FILE_ERROR_INVALID,
    "bonds[0].from: CYL has several ports; name one as \"CYL.PORT\" (ports: A, B, M)" },
  { "bond-junction-port",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J.p1\"}"),
    BG_FILE_ERROR_INVALID, "bonds[0].to: junction J has no named ports; write \"J\"" },
  { "bond-long-unknown-element",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"}"),
    BG_FILE_ERROR_INVALID, "bonds[0].to: no element \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…\"" },
  { "simulation-rtol-one",
    HEAD "\"elements\": [], \"simulation\": {\"t_end\": 1, \"rtol\": 1}}",
    BG_FILE_ERROR_INVALID, "simulation.rtol: must be > 0 and < 1" },
  { "bond-missing-to",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\"}"),
    BG_FILE_ERROR_INVALID, "bonds[0].to: missing" },
  { "bond-unknown-key",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\", \"weight\": 2}"),
    BG_FILE_ERROR_INVALID, "bonds[0].weight: unknown key" },
  { "bond-bad-arrow",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\", \"arrow\": \"back\"}"),
    BG_FILE_ERROR_INVALID, "bonds[0].arrow: must be \"forward\" or \"reversed\"" },
  { "simulation-t-end-zero",
    HEAD "\"elements\": [], \"simulation\": {\"t_end\": 0}}",
    BG_FILE_ERROR_INVALID, "simulation.t_end: must be > 0" },
  { "simulation-t-end-not-number",
    HEAD "\"elements\": [], \"simulation\": {\"t_end\": \"5 s\"}}",
    BG_FILE_ERROR_INVALID, "simulation.t_end: must be a number" },
  { "simulation-negative-step",
    HEAD "\"elements\": [], \"simulation\": {\"t_end\": 5, \"output_step\": -0.1}}",
    BG_FILE_ERROR_INVALID, "simulation.output_step: must be > 0, or 0 for t_end / 1000" },
  { "simulation-too-many-rows",
    HEAD "\"elements\": [], \"simulation\": {\"t_end\": 1e6, \"output_step\": 1e-6}}",
    BG_FILE_ERROR_INVALID,
    "simulation.output_step: too small: more than 10000000 output rows up to t_end" },
  { "simulation-rtol",
    HEAD "\"elements\": [], \"simulation\": {\"rtol\": 1}}",
    BG_FILE_ERROR_INVALID, "simulation.rtol: must be > 0 and < 1" },
  { "view-not-object",
    HEAD "\"elements\": [], \"view\": 3}",
    BG_FILE_ERROR_INVALID, "view: must be an object" },
  { "invalid-utf8",
    "{\"format\": \"bgmod\",\n\"name\": \"\xC3\x28\"}",
    BG_FILE_ERROR_SYNTAX, "line 2: invalid UTF-8" },
};

/* Messages the model writes; the file layer only prefixes the place. */
typedef struct
{
  const char *name;
  const char *json;
  const char *prefix;
  BgModelError model_code;
} RefusedBond;

static const RefusedBond refused_bonds[] = {
  { "domain-mismatch",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"J\", \"to\": \"M1\"}"),
    "bonds[0]: ", BG_MODEL_ERROR_DOMAIN_MISMATCH },
  { "one-port-bonded-twice",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, "
                "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"}, "
                "{\"id\": \"b3\", \"from\": \"J\", \"to\": \"R1\"}"),
    "bonds[2]: ", BG_MODEL_ERROR_PORT_IN_USE },
  { "self-bond",
    WITH_BONDS ("{\"id\": \"b1\", \"from\": \"J\", \"to\": \"J\"}"),
    "bonds[0]: ", BG_MODEL_ERROR_SELF_BOND },
};

static void
test_bad_file (gconstpointer data)
{
  const BadFile *bad = data;
  g_autoptr(GError) error = NULL;
  BgModel *model;

  model = bg_file_load_from_data (bad->json, -1, &error);
  g_assert_null (model);
  g_assert_error (error, BG_FILE_ERROR, (int) bad->code);
  g_assert_cmpstr (error->message, ==, bad->message);
}

/* The model's own refusal, with the bond's place in front. The expected
 * text is what bg_model_can_connect says for the same connection. */
static void
test_refused_bond (gconstpointer data)
{
  const RefusedBond *bad = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) model_error = NULL;
  g_autoptr(BgModel) check = bg_model_new ();
  g_autofree char *expected = NULL;
  BgModel *model;

  model = bg_file_load_from_data (bad->json, -1, &error);
  g_assert_null (model);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);

  /* Rebuild the same situation directly on a model to get its words. */
  g_assert_nonnull (bg_model_add_element (check, "1", BG_DOMAIN_ELECTRICAL, "J", 0, 0, NULL));
  g_assert_nonnull (bg_model_add_element (check, "R", BG_DOMAIN_ELECTRICAL, "R1", 0, 0, NULL));
  g_assert_nonnull (bg_model_add_element (check, "I", BG_DOMAIN_TRANSLATIONAL, "M1", 0, 0, NULL));
  switch (bad->model_code)
    {
    case BG_MODEL_ERROR_DOMAIN_MISMATCH:
      g_assert_false (bg_model_can_connect (check, "J", "M1", &model_error));
      break;
    case BG_MODEL_ERROR_PORT_IN_USE:
      g_assert_nonnull (bg_model_connect (check, "J", "R1", "b2", NULL));
      g_assert_false (bg_model_can_connect (check, "J", "R1", &model_error));
      break;
    case BG_MODEL_ERROR_SELF_BOND:
      g_assert_false (bg_model_can_connect (check, "J", "J", &model_error));
      break;
    default:
      g_assert_not_reached ();
    }
  g_assert_error (model_error, BG_MODEL_ERROR, (int) bad->model_code);
  expected = g_strconcat (bad->prefix, model_error->message, NULL);
  g_assert_cmpstr (error->message, ==, expected);
}

/* ------------------------------------------------------------------------
 * Hostile input
 * ------------------------------------------------------------------------ */

/* {"format": ..., "view": {"a": [[...]]}} with the given total depth. */
static char *
nested_document (guint depth)
{
  GString *json = g_string_new (HEAD "\"elements\": [], \"view\": {\"a\": ");

  /* The root and the view object are two levels. */
  for (guint i = 2; i < depth; i++)
    g_string_append_c (json, '[');
  for (guint i = 2; i < depth; i++)
    g_string_append_c (json, ']');
  g_string_append (json, "}}");
  return g_string_free (json, FALSE);
}

static void
test_depth_limit (void)
{
  g_autofree char *ok_json = nested_document (BG_FILE_MAX_DEPTH);
  g_autofree char *bad_json = nested_document (BG_FILE_MAX_DEPTH + 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) model = bg_test_load_json (ok_json);
  BgModel *bad;

  g_assert_nonnull (bg_model_get_view_json (model));

  bad = bg_file_load_from_data (bad_json, -1, &error);
  g_assert_null (bad);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "line 1: nested deeper than 64 levels");
}

/* A million brackets: refused at level 65 without any recursion. */
static void
test_depth_bomb (void)
{
  gsize n = 1000000;
  g_autofree char *json = g_malloc (2 * n);
  g_autoptr(GError) error = NULL;

  memset (json, '[', n);
  memset (json + n, ']', n);
  g_assert_null (bg_file_load_from_data (json, 2 * n, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "line 1: nested deeper than 64 levels");
}

static void
test_too_many_elements (void)
{
  GString *json = g_string_new (HEAD "\"elements\": [");
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < BG_MODEL_MAX_ELEMENTS + 1; i++)
    g_string_append (json, i > 0 ? ", {}" : "{}");
  g_string_append (json, "]}");

  g_assert_null (bg_file_load_from_data (json->str, json->len, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==,
                   "elements: 100001 entries; at most 100000 are allowed");
  g_string_free (json, TRUE);
}

static void
test_nul_byte (void)
{
  static const char json[] = "{\"format\": \"bgmod\",\n\n\"name\": \"a\0b\"}";
  g_autoptr(GError) error = NULL;

  g_assert_null (bg_file_load_from_data (json, sizeof json - 1, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "line 3: NUL byte in the file");
}

/* A sparse file just over the limit is refused from its size alone. */
static void
test_too_large_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.bgmod", NULL);
  g_autofree char *expected = NULL;
  FILE *f;

  f = fopen (path, "w");
  g_assert_nonnull (f);
  g_assert_cmpint (ftruncate (fileno (f), (off_t) BG_FILE_MAX_BYTES + 1), ==, 0);
  fclose (f);

  g_assert_null (bg_file_load_path (path, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  expected = g_strdup_printf ("%s: the file is larger than 256 MiB", path);
  g_assert_cmpstr (error->message, ==, expected);

  g_unlink (path);
  g_rmdir (dir);
}

/* Devices report a size of 0: they are refused before a byte is read
 * (/dev/zero used to be read until memory ran out). */
static void
test_device_refused (void)
{
  static const char *const devices[] = { "/dev/zero", "/dev/urandom", "/dev/null" };

  for (guint i = 0; i < G_N_ELEMENTS (devices); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *expected = g_strdup_printf ("%s: is a device, not a model file",
                                                   devices[i]);

      g_assert_null (bg_file_load_path (devices[i], &error));
      g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

typedef struct
{
  char  *path;
  gsize  size;
  gsize  written;
} FifoWriter;

/* Writes size bytes of a model-like text into the FIFO, stopping when
 * the reader closes it (EPIPE; SIGPIPE is ignored by the test). */
static gpointer
fifo_writer (gpointer data)
{
  FifoWriter *w = data;
  char block[4096];
  int fd = open (w->path, O_WRONLY);

  g_assert_cmpint (fd, >=, 0);
  memset (block, ' ', sizeof block);
  while (w->written < w->size)
    {
      ssize_t n = write (fd, block, MIN (sizeof block, w->size - w->written));
      if (n <= 0)
        break;
      w->written += (gsize) n;
    }
  close (fd);
  return NULL;
}

/* Reads through a FIFO with a writer that offers size bytes. */
static gboolean
read_fifo (gsize size, gsize limit, gsize *length, gsize *written, GError **error)
{
  g_autofree char *dir = g_dir_make_tmp ("bgmod-fifo-XXXXXX", NULL);
  FifoWriter w = { g_build_filename (dir, "model.bgmod", NULL), size, 0 };
  g_autoptr(GFile) file = g_file_new_for_path (w.path);
  g_autofree char *contents = NULL;
  GThread *thread;
  gboolean ok;

  g_assert_cmpint (mkfifo (w.path, 0600), ==, 0);
  thread = g_thread_new ("fifo-writer", fifo_writer, &w);
  ok = _bg_file_read_bounded (file, limit, &contents, length, error);
  g_thread_join (thread);
  *written = w.written;
  g_unlink (w.path);
  g_rmdir (dir);
  g_free (w.path);
  return ok;
}

/* A FIFO is read to its end when within the limit, and refused after
 * limit + 1 bytes when the writer offers more. */
static void
test_fifo_bounded (void)
{
  g_autoptr(GError) error = NULL;
  gsize length = 0, written = 0;

  signal (SIGPIPE, SIG_IGN);
  g_assert_true (read_fifo (100000, 100000, &length, &written, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, 100000);

  g_assert_false (read_fifo (64 * 1024 * 1024, 100000, &length, &written, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  /* The reader stopped long before the writer's 64 MiB (a pipe buffers
   * at most 1 MiB beyond what was read). */
  g_assert_cmpuint (written, <, 2 * 1024 * 1024);
}

/* /proc files report a size of 0 yet have contents: the bound counts the
 * bytes read, not the size stat() reports. */
static void
test_zero_size_regular_bounded (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path ("/proc/self/maps");
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_false (_bg_file_read_bounded (file, 16, &contents, &length, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_TOO_LARGE);
  g_assert_null (contents);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad_files); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/core/file/bad/%s", bad_files[i].name);

      g_test_add_data_func (test_path, &bad_files[i], test_bad_file);
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused_bonds); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/core/file/bad/%s", refused_bonds[i].name);

      g_test_add_data_func (test_path, &refused_bonds[i], test_refused_bond);
    }
  g_test_add_func ("/core/file/bad/depth-65", test_depth_limit);
  g_test_add_func ("/core/file/bad/depth-bomb", test_depth_bomb);
  g_test_add_func ("/core/file/bad/100001-elements", test_too_many_elements);
  g_test_add_func ("/core/file/bad/nul-byte", test_nul_byte);
  g_test_add_func ("/core/file/bad/too-large-file", test_too_large_file);
  g_test_add_func ("/core/file/bad/device", test_device_refused);
  g_test_add_func ("/core/file/bad/fifo-bounded", test_fifo_bounded);
  g_test_add_func ("/core/file/bad/zero-size-regular", test_zero_size_regular_bounded);

  return g_test_run ();
}
