/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-grade.c — `bgmod-cli grade STUDENT.bgmod... [--json]`.
 *
 * Owns: grading the exercise strokes of each file in argument order, as one
 * JSON object per line (docs/command-line.md) or as a readable report, and the exit
 * code: 0 when every file is fully correct, 1 when any is not (also an
 * invalid model), 2 for a usage error or an unreadable file (the other files
 * are still graded). Must not: decide what is correct itself
 * (bg-causality-check.c does).
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "bg-causality-check.h"
#include "bg-cli.h"
#include "bg-model-flatten.h"
#include "bg-file.h"

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

int
bg_cli_grade (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  gboolean json = FALSE;
  int exit_code = BG_CLI_EXIT_OK;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print one JSON object per file, each on its own line"), NULL },
    { NULL }
  };

  context = g_option_context_new ("STUDENT.bgmod…");
  g_option_context_set_summary (context,
                                N_("Checks the causal strokes students placed in exercise mode: each bond ok, wrong or missing, with the reason. Any valid assignment counts as correct."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!bg_cli_parse (context, "grade", &argc, &argv))
    return BG_CLI_EXIT_USAGE;
  if (argc < 2)
    return bg_cli_usage_error ("grade", _("missing the students' model files"));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BgModel) model = bg_file_load_path (argv[i], &error);
      g_autoptr(BgGrade) grade = NULL;

      if (model == NULL)
        {
          if (print_load_error (argv[i], error, json))
            exit_code = MAX (exit_code, BG_CLI_EXIT_FAILED);
          else
            exit_code = BG_CLI_EXIT_USAGE;
          continue;
        }
      {
        /* Graded on the flat graph: bonds inside components by their paths. */
        g_autoptr(BgModel) flat = bg_model_flatten (model, NULL, &error);

        if (flat == NULL)
          {
            if (print_load_error (argv[i], error, json))
              exit_code = MAX (exit_code, BG_CLI_EXIT_FAILED);
            continue;
          }
        g_set_object (&model, flat);
      }
      grade = bg_grade_exercise (model);
      if (json)
        {
          g_autofree char *text = bg_grade_to_json (grade, argv[i]);

          g_print ("%s\n", text);
        }
      else
        print_report (argv[i], grade);
      if (!bg_grade_is_ok (grade))
        exit_code = MAX (exit_code, BG_CLI_EXIT_FAILED);
    }
  return exit_code;
}
