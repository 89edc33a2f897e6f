/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-grade.c — `bgmod-cli grade STUDENT.bgmod... [--json]
 * [--render DIR [--render-format png|svg|pdf]]`.
 *
 * Owns: grading the exercise strokes of each file in argument order, as one
 * JSON object per line (docs/command-line.md) or as a readable report;
 * with --render, one feedback sheet per graded file in DIR (its name the
 * file's with the format's suffix; names that would clash are refused
 * before any work, a command that draws is handed over to bgmod-cli-draw);
 * and the exit code: 0 when every file is fully correct, 1 when any is not
 * (also an invalid model), 2 for a usage error, an unreadable file or a
 * sheet not written (the other files are still graded). Must not: decide
 * what is correct itself (bg-causality-check.c does) or draw
 * (bg-cli-draw.c does).
 */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "bg-causality-check.h"
#include "bg-cli.h"
#include "bg-model-flatten.h"
#include "bg-file.h"
#include "bg-cli-output.h"

/* Columns a terminal gives @text: two for a wide character, none for a
 * combining mark, one for the others (not bytes: "отсутствует" is 11
 * columns in 22 bytes). */
static int
display_width (const char *text)
{
  int width = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iszerowidth (c))
        continue;
      width += g_unichar_iswide (c) ? 2 : 1;
    }
  return width;
}

/* @text and the spaces that make it @width columns wide. */
static void
append_padded (GString    *out,
               const char *text,
               int         width)
{
  g_string_append (out, text);
  for (int pad = width - display_width (text); pad > 0; pad--)
    g_string_append_c (out, ' ');
}

static const char *
verdict_word (BgVerdict verdict)
{
  switch (verdict)
    {
    case BG_VERDICT_OK:
      /* Translators: a bond's verdict in `bgmod-cli grade` */
      return _("ok");
    case BG_VERDICT_MISSING:
      /* Translators: a bond's verdict in `bgmod-cli grade` */
      return _("missing");
    case BG_VERDICT_WRONG:
    default:
      /* Translators: a bond's verdict in `bgmod-cli grade` */
      return _("WRONG");
    }
}

/* One line a bond: its id, its verdict and the sentence, the columns
 * aligned by what the terminal shows, in any language. */
static void
print_report (const char    *file,
              const BgGrade *grade)
{
  guint n = bg_grade_get_n_bonds (grade);
  int id_width = 0, verdict_width = 8;
  g_autoptr(GString) out = g_string_new (NULL);

  g_print (ngettext ("%s: %u of %u bond correct\n", "%s: %u of %u bonds correct\n", n),
           file, bg_grade_count (grade, BG_VERDICT_OK), n);
  for (guint b = 0; b < n; b++)
    id_width = MAX (id_width, display_width (bg_grade_get_bond (grade, b)->bond_id));
  for (BgVerdict v = BG_VERDICT_OK; v <= BG_VERDICT_MISSING; v++)
    verdict_width = MAX (verdict_width, display_width (verdict_word (v)));
  for (guint b = 0; b < n; b++)
    {
      const BgBondGrade *g = bg_grade_get_bond (grade, b);

      g_string_append (out, "  ");
      append_padded (out, g->bond_id, id_width);
      g_string_append (out, "  ");
      append_padded (out, verdict_word (g->verdict), verdict_width);
      g_string_append_printf (out, " %s\n", g->message);
    }
  g_print ("%s", out->str);
}

/* Prints a file that does not load as a failed grade (with its "error");
 * FALSE for an unreadable file, TRUE for an invalid model. */
static gboolean
print_load_error (const char *file,
                  GError     *error,
                  gboolean    json)
{
  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, file);
      json_builder_set_member_name (builder, "ok");
      json_builder_add_boolean_value (builder, FALSE);
      json_builder_set_member_name (builder, "bonds");
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "error");
      json_builder_add_string_value (builder, error->message);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (generator, root);
      text = json_generator_to_data (generator, NULL);
      g_print ("%s\n", text);
    }
  g_printerr ("bgmod-cli: %s\n", error->message);
  return !g_error_matches (error, BG_FILE_ERROR, BG_FILE_ERROR_IO);
}

/* --render DIR --render-format F */
typedef struct
{
  char      *dir;
  char      *format;
  GPtrArray *paths;   /* one sheet path an argument, NULL without --render */
} Sheets;

static void
sheets_clear (Sheets *sheets)
{
  g_clear_pointer (&sheets->dir, g_free);
  g_clear_pointer (&sheets->format, g_free);
  g_clear_pointer (&sheets->paths, g_ptr_array_unref);
}

/* DIR/anna.png for "class/anna.bgmod". */
static char *
sheet_path (const char *dir,
            const char *file,
            const char *format)
{
  g_autofree char *base = g_path_get_basename (file);
  g_autofree char *name = NULL;

  if (g_str_has_suffix (base, ".bgmod") && strlen (base) > strlen (".bgmod"))
    base[strlen (base) - strlen (".bgmod")] = '\0';
  name = g_strconcat (base, ".", format, NULL);
  return g_build_filename (dir, name, NULL);
}

/* Checks --render and --render-format, names every sheet and refuses two
 * files that would write one sheet; creates DIR. FALSE after the usage
 * error (*exit_code set). */
static gboolean
sheets_prepare (Sheets  *sheets,
                int      argc,
                char   **argv,
                int     *exit_code)
{
  g_autoptr(GHashTable) seen = NULL;

  *exit_code = BG_CLI_EXIT_USAGE;
  if (sheets->dir == NULL)
    {
      if (sheets->format == NULL)
        {
          *exit_code = BG_CLI_EXIT_OK;
          return TRUE;
        }
      bg_cli_usage_error ("grade", _("--render-format needs --render DIR"));
      return FALSE;
    }
  if (sheets->format == NULL)
    sheets->format = g_strdup ("png");
  if (!g_str_equal (sheets->format, "png") && !g_str_equal (sheets->format, "svg")
      && !g_str_equal (sheets->format, "pdf"))
    {
      bg_cli_usage_error ("grade", _("--render-format must be png, svg or pdf"));
      return FALSE;
    }
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  sheets->paths = g_ptr_array_new_with_free_func (g_free);
  for (int i = 1; i < argc; i++)
    {
      char *path = sheet_path (sheets->dir, argv[i], sheets->format);
      const char *other = g_hash_table_lookup (seen, path);

      g_ptr_array_add (sheets->paths, path);
      if (other != NULL)
        {
          g_autofree char *message =
            g_strdup_printf (_("%s and %s would both write the sheet %s; grade them in two runs"),
                             other, argv[i], path);

          bg_cli_usage_error ("grade", message);
          return FALSE;
        }
      g_hash_table_insert (seen, path, argv[i]);
    }
  if (g_mkdir_with_parents (sheets->dir, 0777) != 0)
    {
      int saved = errno;
      g_autofree char *message = g_strdup_printf (_("cannot make the folder %s: %s"), sheets->dir,
                                                  g_strerror (saved));

      g_printerr ("bgmod-cli grade: %s\n", message);
      return FALSE;
    }
  /* the sheets are drawn by bgmod-cli-draw (nothing here when this is it) */
  if (bg_cli_draw_elsewhere ("grade", exit_code))
    return FALSE;
  *exit_code = BG_CLI_EXIT_OK;
  return TRUE;
}

/* One file: its report, and its sheet. Returns the file's exit code. */
static int
grade_file (const char *file,
            gboolean    json,
            const char *sheet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgModel) document = bg_file_load_path (file, &error);
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgGrade) grade = NULL;
  int exit_code = BG_CLI_EXIT_OK;

  if (document == NULL)
    return print_load_error (file, error, json) ? BG_CLI_EXIT_FAILED : BG_CLI_EXIT_USAGE;
  /* Graded on the flat graph: bonds inside components by their paths. */
  flat = bg_model_flatten (document, &map, &error);
  if (flat == NULL)
    return print_load_error (file, error, json) ? BG_CLI_EXIT_FAILED : BG_CLI_EXIT_USAGE;
  grade = bg_grade_exercise (flat);
  if (json)
    {
      g_autofree char *text = bg_grade_to_json (grade, file);

      g_print ("%s\n", text);
    }
  else
    print_report (file, grade);
  if (!bg_grade_is_ok (grade))
    exit_code = BG_CLI_EXIT_FAILED;
  if (sheet != NULL && !bg_cli_write_feedback_sheet (file, document, map, grade, 1.0, sheet, &error))
    {
      g_printerr ("bgmod-cli grade: %s\n", error->message);
      exit_code = BG_CLI_EXIT_USAGE;
    }
  return exit_code;
}

int
bg_cli_grade (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  gboolean json = FALSE;
  int exit_code = BG_CLI_EXIT_OK;
  Sheets sheets = { NULL };
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print one JSON object per file, each on its own line"), NULL },
    { "render", 0, 0, G_OPTION_ARG_FILENAME, &sheets.dir,
      N_("Also write one feedback sheet per file into this folder (made if missing): the student's strokes marked ✓, ✗ or ?, with the sentences"),
      N_("DIR") },
    { "render-format", 0, 0, G_OPTION_ARG_STRING, &sheets.format,
      N_("The sheets' format: png (default), svg or pdf"), N_("FORMAT") },
    { NULL }
  };

  context = g_option_context_new ("STUDENT.bgmod…");
  g_option_context_set_summary (context,
                                N_("Checks the causal strokes students placed in exercise mode: each bond ok, wrong or missing, with the reason. Any valid assignment counts as correct."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!bg_cli_parse (context, "grade", &argc, &argv))
    {
      sheets_clear (&sheets);
      return BG_CLI_EXIT_USAGE;
    }
  if (argc < 2)
    {
      sheets_clear (&sheets);
      return bg_cli_usage_error ("grade", _("missing the students' model files"));
    }
  if (!sheets_prepare (&sheets, argc, argv, &exit_code))
    {
      sheets_clear (&sheets);
      return exit_code;
    }

  for (int i = 1; i < argc; i++)
    {
      const char *sheet = sheets.paths != NULL ? g_ptr_array_index (sheets.paths, i - 1) : NULL;
      int file_code = grade_file (argv[i], json, sheet);   /* once: MAX evaluates twice */

      exit_code = MAX (exit_code, file_code);
    }
  sheets_clear (&sheets);
  return exit_code;
}
