/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-file.c — tests for the .bgmod reader and writer (core/bg-file.c).
 *
 * Owns: round trips of every example, the exact message of each bad file,
 * the limits on hostile input, the view section and atomic saves. Must not:
 * depend on the analyzer or the simulator.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "bg-file.h"
#include "bg-file-read-private.h"

/* ------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------ */

#define HEAD "{\"format\": \"bgmod\", \"version\": 1, "

/* An RC circuit: enough for bonds to point at. */
#define RC_ELEMENTS                                                           \
  "\"elements\": ["                                                           \
  "{\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0}, " \
  "{\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\"}, "           \
  "{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\"}, "          \
  "{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\"}, "          \
  "{\"id\": \"M1\", \"type\": \"I\", \"domain\": \"translational\"}, "       \
  "{\"id\": \"CYL\", \"type\": \"CylinderDA\"}]"

#define RC_BONDS                                                              \
  "\"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"}, "           \
  "{\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"}, "                      \
  "{\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\", \"arrow\": \"reversed\"}]"

#define ONE_ELEMENT(BODY) HEAD "\"elements\": [" BODY "]}"
#define WITH_BONDS(BONDS) HEAD RC_ELEMENTS ", \"bonds\": [" BONDS "]}"

static const char *const example_names[] = {
  "rc-circuit",
  "rlc-circuit",
  "parallel-rc-current-step",
  "mass-spring-damper",
  "lever",
  "gear-pair",
  "hydraulic-rc",
  "hydraulic-bench",
  "conflict-two-capacitors",
  "conflict-accumulator-on-chamber",
};

static char *
example_path (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");
  g_autofree char *file = g_strconcat (name, ".bgmod", NULL);

  g_assert_nonnull (datadir);
  return g_build_filename (datadir, "examples", file, NULL);
}

static char *
read_text (const char *path,
           gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_file_get_contents (path, &contents, length, &error);
  g_assert_no_error (error);
  return contents;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

static guint
count_dir_entries (const char *dir_path)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static BgModel *
load_ok (const char *json)
{
  g_autoptr(GError) error = NULL;
  BgModel *model = bg_file_load_from_data (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

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
  g_autoptr(BgModel) model = load_ok (ok_json);
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

/* ------------------------------------------------------------------------
 * Good files
 * ------------------------------------------------------------------------ */

static void
test_load_rc (void)
{
  g_autoptr(BgModel) model = load_ok (HEAD "\"name\": \"RC\", " RC_ELEMENTS ", " RC_BONDS
                                      ", \"simulation\": {\"t_end\": 5, \"output_step\": 0.01}}");
  const BgSimSettings *sim = bg_model_get_simulation (model);
  BgElement *u = bg_model_find_element (model, "U");
  BgBond *b3 = bg_model_find_bond (model, "b3");

  g_assert_cmpstr (bg_model_get_name (model), ==, "RC");
  g_assert_cmpuint (bg_model_get_elements (model)->len, ==, 6);
  g_assert_cmpuint (bg_model_get_bonds (model)->len, ==, 3);
  g_assert_nonnull (u);
  g_assert_cmpstr (u->spec->type, ==, "Se");
  g_assert_cmpint (u->spec->domain, ==, BG_DOMAIN_ELECTRICAL);
  g_assert_nonnull (b3);
  g_assert_cmpint (b3->arrow, ==, BG_ARROW_REVERSED);
  g_assert_cmpstr (b3->from->id, ==, "J");
  g_assert_cmpstr (b3->to->id, ==, "C1");
  g_assert_cmpfloat (sim->t_end, ==, 5.0);
  g_assert_cmpfloat (sim->output_step, ==, 0.01);
  g_assert_false (bg_model_can_undo (model));
}

/* Omitted parameters take the library default; all are written back. */
static void
test_defaults_and_full_params (void)
{
  g_autoptr(BgModel) model =
    load_ok (ONE_ELEMENT ("{\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", "
                          "\"params\": {\"initial\": 0.002}}"));
  BgElement *c1 = bg_model_find_element (model, "C1");
  g_autofree char *data = bg_file_to_data (model, NULL);

  g_assert_cmpfloat (c1->params[0].number, ==, 0.001);
  g_assert_cmpfloat (c1->params[1].number, ==, 0.002);
  g_assert_nonnull (strstr (data, "\"params\": {\"value\": 0.001, \"initial\": 0.002}"));
}

/* D and d both change, in an order that passes through D < old d. */
static void
test_linked_params_any_order (void)
{
  g_autoptr(BgModel) model =
    load_ok (ONE_ELEMENT ("{\"id\": \"CYL\", \"type\": \"CylinderDA\", \"params\": "
                          "{\"D\": 0.02, \"d\": 0.01, \"L\": 0.1, \"x0\": 0.05}}"));
  BgElement *cyl = bg_model_find_element (model, "CYL");

  g_assert_cmpfloat (cyl->params[0].number, ==, 0.02);
  g_assert_cmpfloat (cyl->params[1].number, ==, 0.01);
  g_assert_cmpfloat (cyl->params[2].number, ==, 0.1);
  g_assert_cmpfloat (cyl->params[3].number, ==, 0.05);
}

static void
test_unknown_top_level_keys_ignored (void)
{
  g_autoptr(BgModel) model =
    load_ok (HEAD "\"generator\": {\"by\": \"hand\", \"n\": [1, 2]}, \"elements\": [], "
             "\"simulation\": {\"t_end\": 2, \"solver\": \"cvode\"}}");

  g_assert_cmpfloat (bg_model_get_simulation (model)->t_end, ==, 2.0);
}

/* One-port ends may name their single port; they are written bare. */
static void
test_one_port_end_with_port (void)
{
  g_autoptr(BgModel) model =
    load_ok (WITH_BONDS ("{\"id\": \"b1\", \"from\": \"J\", \"to\": \"R1.E\"}, "
                         "{\"id\": \"b2\", \"from\": \"CYL.M\", \"to\": \"M1\"}"));
  g_autofree char *data = bg_file_to_data (model, NULL);

  g_assert_nonnull (strstr (data, "{\"id\": \"b1\", \"from\": \"J\", \"to\": \"R1\"}"));
  g_assert_nonnull (strstr (data, "{\"id\": \"b2\", \"from\": \"CYL.M\", \"to\": \"M1\"}"));
}

static void
test_numbers_round_trip (void)
{
  static const double values[] = {
    0.1, 1.5e-7, 1.0 / 3.0, 2.0 / 3.0 * 1e-12, 6.02214076e23, 1e-300, 123456789.0,
    5e-324, 1.7976931348623157e308, -2.5, 9007199254740993.0,
  };
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) back = NULL;
  g_autofree char *data = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *id = g_strdup_printf ("U%u", i);

      g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, id,
                                              values[i], -values[i], &error));
      g_assert_no_error (error);
      /* Parameters hold magnitudes in [1e-50, 1e50]; positions any. */
      if (fabs (values[i]) >= BG_PARAM_MIN_MAGNITUDE && fabs (values[i]) <= BG_PARAM_MAX_MAGNITUDE)
        bg_model_set_param_number (model, id, "value", values[i], &error);
      g_assert_no_error (error);
    }
  data = bg_file_to_data (model, NULL);
  g_assert_nonnull (strstr (data, "\"x\": 0.1, \"y\": -0.1,"));

  back = bg_file_load_from_data (data, -1, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *id = g_strdup_printf ("U%u", i);
      BgElement *el = bg_model_find_element (back, id);

      g_assert_cmpfloat (el->x, ==, values[i]);
      g_assert_cmpfloat (el->y, ==, -values[i]);
      if (fabs (values[i]) >= BG_PARAM_MIN_MAGNITUDE && fabs (values[i]) <= BG_PARAM_MAX_MAGNITUDE)
        g_assert_cmpfloat (el->params[1].number, ==, values[i]);
    }
}

/* Numbers are written as an engineer types them, and still exactly. */
static void
test_number_format (void)
{
  static const struct { double value; const char *text; } cases[] = {
    { 1000, "1000" }, { 100, "100" }, { 1500, "1500" }, { 10000, "1e4" },
    { 1.5e6, "1.5e6" }, { 1e10, "1e10" }, { 3e20, "3e20" }, { 123456789, "123456789" },
    { 12345.678, "12345.678" }, { 0.025, "0.025" }, { 0.1, "0.1" }, { 0.0001, "0.0001" },
    { 9e-5, "9e-5" }, { 1.5e-7, "1.5e-7" }, { 1e-12, "1e-12" }, { -2.5, "-2.5" },
    { -0.0005, "-0.0005" }, { -1e9, "-1e9" }, { 1.0 / 3.0, "0.3333333333333333" },
    { 5e-324, "5e-324" }, { 1.7976931348623157e308, "1.7976931348623157e308" },
    { 0.30000000000000004, "0.30000000000000004" }, { 0, "0" }, { -0.0, "0" },
  };
  g_autoptr(BgModel) model = bg_model_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = g_strdup_printf ("U%u", i);

      g_assert_nonnull (bg_model_add_element (model, "Se", BG_DOMAIN_ELECTRICAL, id,
                                              cases[i].value, 0, &error));
      g_assert_no_error (error);
    }
  data = bg_file_to_data (model, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *expected =
        g_strdup_printf ("{\"id\": \"U%u\", \"type\": \"Se\", \"domain\": \"electrical\", "
                         "\"x\": %s, \"y\": 0", i, cases[i].text);

      g_test_message ("%s", expected);
      g_assert_nonnull (strstr (data, expected));
    }
}

static void
test_strings_round_trip (void)
{
  g_autoptr(BgModel) model =
    load_ok (HEAD "\"name\": \"Цепь \\\"RC\\\"\\n\\t\\u00e9 \\ud83d\\ude00 \\\\ \\/\", "
             "\"elements\": [{\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", "
             "\"label\": \"R\\u2081 \\u0001\"}]}");
  g_autofree char *data = bg_file_to_data (model, NULL);
  g_autoptr(BgModel) back = load_ok (data);

  g_assert_cmpstr (bg_model_get_name (model), ==, "Цепь \"RC\"\n\té 😀 \\ /");
  g_assert_cmpstr (bg_model_find_element (model, "R1")->label, ==, "R₁ \001");
  g_assert_cmpstr (bg_model_get_name (back), ==, bg_model_get_name (model));
  g_assert_cmpstr (bg_model_find_element (back, "R1")->label, ==, "R₁ \001");
  g_assert_nonnull (strstr (data, "\"label\": \"R₁ \\u0001\""));
}

static void
test_layout_fields_round_trip (void)
{
  const char *json =
    "{\n"
    "  \"format\": \"bgmod\",\n"
    "  \"version\": 1,\n"
    "  \"name\": \"Layout\",\n"
    "  \"elements\": [\n"
    "    {\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 80, \"y\": 120, \"rotation\": 90, \"params\": {\"waveform\": \"step\", \"value\": 0, \"after\": 10, \"time\": 0.5}, \"label\": \"Source\"},\n"
    "    {\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\", \"x\": 200, \"y\": 120}\n"
    "  ],\n"
    "  \"bonds\": [\n"
    "    {\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\", \"arrow\": \"reversed\"}\n"
    "  ],\n"
    "  \"simulation\": {\"t_end\": 5, \"output_step\": 0.01, \"rtol\": 1e-6, \"atol\": 1e-9}\n"
    "}\n";
  g_autoptr(BgModel) model = load_ok (json);
  g_autofree char *data = bg_file_to_data (model, NULL);

  /* The canonical form of a canonical file is itself. */
  g_assert_cmpstr (data, ==, json);
}

static void
test_empty_model (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  g_autofree char *data = bg_file_to_data (model, NULL);
  g_autoptr(BgModel) back = load_ok (data);
  g_autofree char *again = bg_file_to_data (back, NULL);

  g_assert_true (g_str_has_prefix (data, "{\n  \"format\": \"bgmod\",\n  \"version\": 1,\n"));
  g_assert_nonnull (strstr (data, "  \"elements\": [],\n  \"bonds\": [],\n"));
  g_assert_true (g_str_has_suffix (data, "}\n"));
  g_assert_cmpstr (again, ==, data);
}

static void
test_view_preserved (void)
{
  g_autoptr(BgModel) model =
    load_ok (HEAD "\"elements\": [], \"view\": {\"zoom\": 1.5, \"pan\": [-20, 30.25], "
             "\"plots\": [{\"vars\": [\"C1.e\", \"b1.P\"], \"log\": false}], "
             "\"empty\": {}, \"none\": [], \"note\": \"é\\n\", \"nothing\": null}}");
  g_autofree char *data = bg_file_to_data (model, NULL);
  g_autoptr(BgModel) back = load_ok (data);
  g_autofree char *again = bg_file_to_data (back, NULL);

  g_assert_nonnull (bg_model_get_view_json (model));
  g_assert_cmpstr (bg_model_get_view_json (back), ==, bg_model_get_view_json (model));
  g_assert_cmpstr (again, ==, data);
  g_assert_nonnull (strstr (data,
    "  \"view\": {\n"
    "    \"zoom\": 1.5,\n"
    "    \"pan\": [\n"
    "      -20,\n"
    "      30.25\n"
    "    ],\n"));
  g_assert_nonnull (strstr (data, "\"empty\": {},\n    \"none\": [],\n"
                                  "    \"note\": \"é\\n\",\n    \"nothing\": null\n  }\n}\n"));
}

static void
test_examples_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (example_names); i++)
    {
      g_autofree char *path = example_path (example_names[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(BgModel) model = NULL;
      g_autoptr(BgModel) back = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      gsize length;

      g_test_message ("example %s", path);
      model = bg_file_load_path (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (model);
      g_assert_cmpuint (bg_model_get_elements (model)->len, >, 3);
      g_assert_cmpuint (bg_model_get_bonds (model)->len, >, 2);
      g_assert_cmpstr (bg_model_get_name (model), !=, "");

      first = bg_file_to_data (model, NULL);
      back = bg_file_load_from_data (first, -1, &error);
      g_assert_no_error (error);
      second = bg_file_to_data (back, NULL);
      g_assert_cmpstr (second, ==, first);

      /* The examples are stored in their canonical form. */
      contents = read_text (path, &length);
      g_assert_cmpstr (contents, ==, first);
    }
}

/* ------------------------------------------------------------------------
 * Files on disk
 * ------------------------------------------------------------------------ */

static void
test_load_path_prefix (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.bgmod", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.bgmod", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GFile) file = NULL;

  write_text (path, HEAD "\n\"elements\": [], \"bonds\": [{\"id\": \"b1\", "
              "\"from\": \"A\", \"to\": \"B\"}]}");
  g_assert_null (bg_file_load_path (path, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  expected = g_strdup_printf ("%s: bonds[0].from: no element \"A\"", path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  file = g_file_new_for_path (path);
  g_assert_null (bg_file_load (file, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  g_assert_null (bg_file_load_path (missing, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: no such file", missing);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  g_assert_null (bg_file_load_path (dir, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: is a directory, not a file", dir);
  g_assert_cmpstr (error->message, ==, expected);

  g_unlink (path);
  g_rmdir (dir);
}

static BgModel *
small_model (void)
{
  return load_ok (HEAD "\"name\": \"RC\", " RC_ELEMENTS ", " RC_BONDS "}");
}

static void
test_save_over_existing (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autoptr(BgModel) model = small_model ();
  g_autofree char *expected = bg_file_to_data (model, NULL);
  g_autofree char *contents = NULL;
  g_autoptr(BgModel) back = NULL;
  GStatBuf st;
  gsize length;

  write_text (path, "old contents");
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  g_assert_true (bg_file_save_path (model, path, &error));
  g_assert_no_error (error);
  contents = read_text (path, &length);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpuint (length, ==, strlen (expected));
  /* No temporary file left beside it; the mode is kept. */
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);

  back = bg_file_load_path (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bg_model_get_bonds (back)->len, ==, 3);

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_save_gfile_and_symlink (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *real = g_build_filename (dir, "real.bgmod", NULL);
  g_autofree char *link = g_build_filename (dir, "link.bgmod", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (link);
  g_autoptr(BgModel) model = small_model ();
  g_autofree char *expected = bg_file_to_data (model, NULL);
  g_autofree char *contents = NULL;
  gsize length;

  write_text (real, "old");
  g_assert_cmpint (symlink ("real.bgmod", link), ==, 0);

  g_assert_true (bg_file_save (model, file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  contents = read_text (real, &length);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpuint (count_dir_entries (dir), ==, 2);

  g_unlink (link);
  g_unlink (real);
  g_rmdir (dir);
}

static void
test_save_missing_dir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *sub = g_build_filename (dir, "no-such-dir", NULL);
  g_autofree char *path = g_build_filename (sub, "model.bgmod", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(BgModel) model = small_model ();

  g_assert_false (bg_file_save_path (model, path, &error));
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: cannot save: %s", path, g_strerror (ENOENT));
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_dir_entries (dir), ==, 0);

  g_rmdir (dir);
}

/* A write that fails half-way (here: over the file size limit, which also
 * binds root) must leave the old file as it was and no temporary file. */
static void
test_save_failure_keeps_old (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bgmod-file-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(BgModel) model = small_model ();
  struct rlimit saved, limited;
  void (*old_handler) (int);
  gboolean ok;
  gsize length;

  write_text (path, "old contents");

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limited = saved;
  limited.rlim_cur = 64;
  old_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limited), ==, 0);
  ok = bg_file_save_path (model, path, &error);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, old_handler);

  g_assert_false (ok);
  g_assert_error (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
  expected = g_strdup_printf ("%s: cannot save: %s", path, g_strerror (EFBIG));
  g_assert_cmpstr (error->message, ==, expected);

  contents = read_text (path, &length);
  g_assert_cmpstr (contents, ==, "old contents");
  g_assert_cmpuint (count_dir_entries (dir), ==, 1);

  g_unlink (path);
  g_rmdir (dir);
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

  g_test_add_func ("/core/file/load/rc", test_load_rc);
  g_test_add_func ("/core/file/load/defaults", test_defaults_and_full_params);
  g_test_add_func ("/core/file/load/linked-params", test_linked_params_any_order);
  g_test_add_func ("/core/file/load/unknown-top-level-keys", test_unknown_top_level_keys_ignored);
  g_test_add_func ("/core/file/load/one-port-end-with-port", test_one_port_end_with_port);
  g_test_add_func ("/core/file/load/path-prefix", test_load_path_prefix);

  g_test_add_func ("/core/file/round-trip/numbers", test_numbers_round_trip);
  g_test_add_func ("/core/file/round-trip/number-format", test_number_format);
  g_test_add_func ("/core/file/round-trip/strings", test_strings_round_trip);
  g_test_add_func ("/core/file/round-trip/layout", test_layout_fields_round_trip);
  g_test_add_func ("/core/file/round-trip/empty", test_empty_model);
  g_test_add_func ("/core/file/round-trip/view", test_view_preserved);
  g_test_add_func ("/core/file/round-trip/examples", test_examples_round_trip);

  g_test_add_func ("/core/file/save/over-existing", test_save_over_existing);
  g_test_add_func ("/core/file/save/gfile-symlink", test_save_gfile_and_symlink);
  g_test_add_func ("/core/file/save/missing-dir", test_save_missing_dir);
  g_test_add_func ("/core/file/save/failure-keeps-old", test_save_failure_keeps_old);

  return g_test_run ();
}
