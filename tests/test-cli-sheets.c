/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-sheets.c — feedback sheets and PDF pictures from bgmod-cli, read
 * back by parsers of their own (docs/command-line.md, render and grade).
 *
 * Owns: /cli/sheets/verdicts (a sheet of each kind — correct, a wrong
 * stroke, a missing one — as PNG: its size, not blank, the verdict's
 * colour in its marks; as SVG parsed by libxml2: the title names the file,
 * the verdict and the score, the description holds every bond's mark and
 * the very sentence `grade --json` gives; as PDF: tests/check-pdf.py reads
 * its structure, one A4 page, the title), /cli/sheets/russian (LANGUAGE=ru:
 * the sheet's words and sentences are grade's Russian ones),
 * /cli/sheets/components (a model with components: the top level drawn,
 * every bond of the flat graph listed), /cli/sheets/grade-render (one
 * sheet per student in DIR, named after the file, in each format; the
 * report and the JSON unchanged; clashing names, a bad format and
 * --render-format alone refused before anything is written; a file that
 * does not load gets no sheet), /cli/sheets/refusals (render --exercise
 * with --component, a .jpg), /cli/sheets/pdf-plots (simulate, bode and
 * render write PDF that reads back).
 * Must not: link the CLI's code (it runs the program), or write outside
 * its temporary folder.
 */
#include "config.h"

#include <string.h>
#include <cairo.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bg-test-cli.h"

static char *tmp_dir;

static const char rc_model[] =
  "{\"format\": \"bgmod\", \"version\": 1, \"name\": \"RC\",\n"
  " \"elements\": [\n"
  "  {\"id\": \"U\", \"type\": \"Se\", \"domain\": \"electrical\", \"x\": 0, \"y\": 0},\n"
  "  {\"id\": \"J\", \"type\": \"1\", \"domain\": \"electrical\", \"x\": 120, \"y\": 0},\n"
  "  {\"id\": \"R1\", \"type\": \"R\", \"domain\": \"electrical\", \"x\": 120, \"y\": -120},\n"
  "  {\"id\": \"C1\", \"type\": \"C\", \"domain\": \"electrical\", \"x\": 240, \"y\": 0}],\n"
  " \"bonds\": [{\"id\": \"b1\", \"from\": \"U\", \"to\": \"J\"},\n"
  "  {\"id\": \"b2\", \"from\": \"J\", \"to\": \"R1\"},\n"
  "  {\"id\": \"b3\", \"from\": \"J\", \"to\": \"C1\"}],\n"
  " \"exercise\": {\"strokes\": {%s}}}\n";

/* The three kinds of sheet: every stroke right, one wrong, one missing. */
typedef struct
{
  const char *name;
  const char *strokes;
  const char *verdict;       /* the sheet's words in English */
  guint32     colour;        /* the verdict's colour, in its marks */
} Student;

static const Student students[] = {
  { "anna", "\"b1\": \"to\", \"b2\": \"to\", \"b3\": \"from\"", "✓ Correct", 0x3584e4 },
  { "boris", "\"b1\": \"from\", \"b2\": \"to\", \"b3\": \"from\"", "✗ Some strokes are wrong",
    0xc01c28 },
  { "vera", "\"b1\": \"to\", \"b3\": \"from\"", "? Some strokes are still missing", 0xe5a50a },
};

static char *
temp_path (const char *name)
{
  return g_build_filename (tmp_dir, name, NULL);
}

static char *
write_student (const char *dir,
               const Student *s)
{
  g_autofree char *name = g_strconcat (s->name, ".bgmod", NULL);
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = g_strdup_printf (rc_model, s->strokes);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

static char *
example (const char *name)
{
  return g_build_filename (g_getenv ("BGMOD_DATADIR"), "examples", name, NULL);
}

/* Runs bgmod-cli (LANGUAGE=language unless NULL); exit code, out and err. */
static void
run_cli (BgCliRun   *run,
         const char *language,
         const char *command,
         ...)
{
  va_list args;

  va_start (args, command);
  bg_test_run_cli_va (run, language, command, args);
  va_end (args);
}

/* PNG: 2 px per point on an A4-wide sheet, some ink, and @colour's marks. */
static void
check_png (const char *path,
           guint32     colour,
           gboolean    wrong_marks)
{
  cairo_surface_t *png = cairo_image_surface_create_from_png (path);
  int width, height, stride;
  guint64 ink = 0, marked = 0, red = 0;
  const guint8 *data;

  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  width = cairo_image_surface_get_width (png);
  height = cairo_image_surface_get_height (png);
  stride = cairo_image_surface_get_stride (png);
  data = cairo_image_surface_get_data (png);
  g_assert_cmpint (width, ==, 1190);
  g_assert_cmpint (height, >, 600);
  g_assert_cmpint (height, <, 4000);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + 4 * x) & 0xffffff;

        ink += pixel != 0xffffff;
        marked += pixel == colour;
        red += pixel == 0xc01c28;
      }
  g_test_message ("%s: %d × %d, %" G_GUINT64_FORMAT " ink, %" G_GUINT64_FORMAT " marked",
                  path, width, height, ink, marked);
  /* some 2 % of the sheet is ink; three badges and a title in the colour */
  g_assert_cmpuint (ink, >, (guint64) width * height / 100);
  g_assert_cmpuint (marked, >, 500);
  if (!wrong_marks)
    g_assert_cmpuint (red, ==, 0);
  cairo_surface_destroy (png);
}

/* The text of the root's child element @name, or NULL. */
static char *
svg_child_text (xmlNode    *root,
                const char *name)
{
  for (xmlNode *n = root->children; n != NULL; n = n->next)
    if (n->type == XML_ELEMENT_NODE && strcmp ((const char *) n->name, name) == 0)
      {
        xmlChar *content = xmlNodeGetContent (n);
        char *text = g_strdup ((const char *) content);

        xmlFree (content);
        return text;
      }
  return NULL;
}

/* SVG parsed strictly: its <title> and <desc>. */
static void
read_svg (const char *path,
          char      **title,
          char      **desc)
{
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  xmlNode *root;

  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  g_assert_nonnull (root->ns);
  g_assert_cmpstr ((const char *) root->ns->href, ==, "http://www.w3.org/2000/svg");
  *title = svg_child_text (root, "title");
  *desc = svg_child_text (root, "desc");
  g_assert_nonnull (*title);
  g_assert_nonnull (*desc);
  xmlFreeDoc (doc);
}

/* Every bond of `grade --json` in @desc: "✗ b1: sentence". */
static void
assert_desc_has_grade (const char *desc,
                       const char *student,
                       const char *language)
{
  BgCliRun run;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *bonds;

  run_cli (&run, language, "grade", student, "--json", NULL);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  bonds = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                        "bonds");
  g_assert_cmpuint (json_array_get_length (bonds), ==, 3);
  for (guint i = 0; i < json_array_get_length (bonds); i++)
    {
      JsonObject *b = json_array_get_object_element (bonds, i);
      const char *verdict = json_object_get_string_member (b, "verdict");
      const char *glyph = g_str_equal (verdict, "ok") ? "✓" : g_str_equal (verdict, "wrong") ? "✗" : "?";
      g_autofree char *line = g_strdup_printf ("%s %s: %s", glyph,
                                               json_object_get_string_member (b, "id"),
                                               json_object_get_string_member (b, "message"));

      g_test_message ("%s", line);
      g_assert_nonnull (strstr (desc, line));
    }
  bg_cli_run_clear (&run);
}

/* tests/check-pdf.py on @path with its further arguments. */
static void
check_pdf (const char *path,
           ...)
{
  const char *python = g_getenv ("BGMOD_PYTHON");
  const char *checker = g_getenv ("BGMOD_CHECK_PDF");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL, *head = NULL;
  int status = 0;
  const char *arg;
  va_list args;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &head, &length, NULL));
  g_assert_true (g_str_has_prefix (head, "%PDF-"));
  if (python == NULL || checker == NULL)
    {
      g_test_message ("BGMOD_PYTHON or BGMOD_CHECK_PDF unset: only the header checked");
      return;
    }
  g_ptr_array_add (argv, (gpointer) python);
  g_ptr_array_add (argv, (gpointer) checker);
  g_ptr_array_add (argv, (gpointer) path);
  va_start (args, path);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                &status, &error);
  g_assert_no_error (error);
  g_test_message ("check-pdf %s: %s", path, err);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static void
test_verdicts (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (students); i++)
    {
      const Student *s = &students[i];
      g_autofree char *file = write_student (tmp_dir, s);
      g_autofree char *png = g_strdup_printf ("%s/%s.png", tmp_dir, s->name);
      g_autofree char *svg = g_strdup_printf ("%s/%s.svg", tmp_dir, s->name);
      g_autofree char *pdf = g_strdup_printf ("%s/%s.pdf", tmp_dir, s->name);
      g_autofree char *base = g_strconcat (s->name, ".bgmod", NULL);
      g_autofree char *title = NULL, *desc = NULL;
      BgCliRun run;

      run_cli (&run, NULL, "render", file, "--exercise", "--output", png, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_cmpstr (run.err, ==, "");
      bg_cli_run_clear (&run);
      check_png (png, s->colour, i == 1);

      run_cli (&run, NULL, "render", file, "--exercise", "--output", svg, NULL);
      g_assert_cmpint (run.status, ==, 0);
      bg_cli_run_clear (&run);
      read_svg (svg, &title, &desc);
      g_test_message ("title: %s", title);
      g_assert_true (g_str_has_prefix (title, base));
      g_assert_nonnull (strstr (title, s->verdict));
      g_assert_nonnull (strstr (title, i == 0 ? "3 of 3 strokes correct · 0 wrong · 0 missing"
                                       : i == 1 ? "2 of 3 strokes correct · 1 wrong · 0 missing"
                                       : "2 of 3 strokes correct · 0 wrong · 1 missing"));
      assert_desc_has_grade (desc, file, NULL);

      run_cli (&run, NULL, "render", file, "--exercise", "--output", pdf, NULL);
      g_assert_cmpint (run.status, ==, 0);
      bg_cli_run_clear (&run);
      check_pdf (pdf, "--pages", "1", "--media", "595", "842", "--title-contains", base,
                 "--title-contains", s->verdict, NULL);
      g_remove (file);
      g_remove (png);
      g_remove (svg);
      g_remove (pdf);
    }
}

static void
test_russian (void)
{
  const Student *s = &students[1];
  g_autofree char *file = write_student (tmp_dir, s);
  g_autofree char *svg = temp_path ("ru.svg");
  g_autofree char *pdf = temp_path ("ru.pdf");
  g_autofree char *title = NULL, *desc = NULL;
  BgCliRun run;

  run_cli (&run, "ru", "render", file, "--exercise", "--output", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  read_svg (svg, &title, &desc);
  g_test_message ("title: %s\n%s", title, desc);
  g_assert_null (strstr (title, "Some strokes"));
  g_assert_null (strstr (title, "strokes correct"));
  g_assert_nonnull (strstr (title, "✗ Есть неверные штрихи"));
  g_assert_nonnull (strstr (title, "Верно 2 из 3"));
  assert_desc_has_grade (desc, file, "ru");
  g_assert_null (strstr (desc, "Correct"));

  run_cli (&run, "ru", "render", file, "--exercise", "--output", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  check_pdf (pdf, "--pages", "1", "--title-contains", "Есть неверные штрихи", NULL);
  g_remove (file);
  g_remove (svg);
  g_remove (pdf);
}

static void
test_components (void)
{
  g_autofree char *rig = example ("suspension-rig.bgmod");
  g_autofree char *svg = temp_path ("rig.svg");
  g_autofree char *png = temp_path ("rig.png");
  g_autofree char *title = NULL, *desc = NULL;
  BgCliRun run;

  run_cli (&run, NULL, "render", rig, "--exercise", "--output", svg, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  read_svg (svg, &title, &desc);
  /* the flat graph's 21 bonds, by their paths, none placed yet */
  g_assert_nonnull (strstr (title, "0 of 21 strokes correct · 0 wrong · 21 missing"));
  g_assert_nonnull (strstr (desc, "? FRONT.b2: No stroke placed on FRONT.b2 yet."));
  g_assert_nonnull (strstr (desc, "? b1: No stroke placed on b1 yet."));
  {
    g_auto(GStrv) lines = g_strsplit (desc, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 21);
  }

  run_cli (&run, NULL, "render", rig, "--exercise", "--output", png, "--scale", "1.5", NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  check_png (png, 0xe5a50a, FALSE);
  g_remove (svg);
  g_remove (png);
}

static gboolean
dir_has_exactly (const char        *dir,
                 const char *const *names)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  const char *name;

  if (d == NULL)
    return names[0] == NULL;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      if (!g_strv_contains (names, name))
        return FALSE;
      n++;
    }
  return n == g_strv_length ((char **) names);
}

static void
empty_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

static void
test_grade_render (void)
{
  g_autofree char *class_dir = temp_path ("class");
  g_autofree char *other_dir = temp_path ("other");
  g_autofree char *sheets = temp_path ("sheets");
  char *files[3] = { NULL };
  g_autofree char *twin = NULL, *missing = NULL;
  g_autofree char *plain_out = NULL;
  BgCliRun run;

  g_mkdir (class_dir, 0700);
  g_mkdir (other_dir, 0700);
  for (guint i = 0; i < 3; i++)
    files[i] = write_student (class_dir, &students[i]);
  twin = write_student (other_dir, &students[0]);

  /* the report as without --render, and one PNG a student */
  run_cli (&run, NULL, "grade", files[0], files[1], files[2], NULL);
  g_assert_cmpint (run.status, ==, 1);
  plain_out = g_steal_pointer (&run.out);
  bg_cli_run_clear (&run);
  run_cli (&run, NULL, "grade", files[0], files[1], files[2], "--render", sheets, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.out, ==, plain_out);
  g_assert_cmpstr (run.err, ==, "");
  bg_cli_run_clear (&run);
  {
    const char *names[] = { "anna.png", "boris.png", "vera.png", NULL };

    g_assert_true (dir_has_exactly (sheets, names));
    for (guint i = 0; i < 3; i++)
      {
        g_autofree char *png = g_strdup_printf ("%s/%s.png", sheets, students[i].name);

        check_png (png, students[i].colour, i == 1);
      }
  }
  empty_dir (sheets);

  /* each format; --json's lines stay the only standard output */
  for (guint f = 0; f < 2; f++)
    {
      const char *format = f == 0 ? "svg" : "pdf";
      g_auto(GStrv) lines = NULL;

      run_cli (&run, NULL, "grade", "--json", files[0], files[1], files[2], "--render", sheets,
               "--render-format", format, NULL);
      g_assert_cmpint (run.status, ==, 1);
      lines = g_strsplit (run.out, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, 4);
      for (guint i = 0; i < 3; i++)
        {
          g_autofree char *sheet = g_strdup_printf ("%s/%s.%s", sheets, students[i].name, format);
          g_autoptr(JsonParser) parser = json_parser_new ();

          g_assert_true (json_parser_load_from_data (parser, lines[i], -1, NULL));
          if (f == 0)
            {
              g_autofree char *title = NULL, *desc = NULL;

              read_svg (sheet, &title, &desc);
              g_assert_nonnull (strstr (title, students[i].verdict));
            }
          else
            check_pdf (sheet, "--pages", "1", "--title-contains", students[i].verdict, NULL);
        }
      bg_cli_run_clear (&run);
      empty_dir (sheets);
    }

  /* a file that does not load: its line, no sheet, exit 2; the others drawn */
  missing = temp_path ("nothere.bgmod");
  run_cli (&run, NULL, "grade", files[0], missing, "--render", sheets, NULL);
  g_assert_cmpint (run.status, ==, 2);
  {
    const char *names[] = { "anna.png", NULL };

    g_assert_true (dir_has_exactly (sheets, names));
  }
  bg_cli_run_clear (&run);
  empty_dir (sheets);

  /* refused before anything is graded or written */
  run_cli (&run, NULL, "grade", files[0], twin, "--render", sheets, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "would both write the sheet"));
  g_assert_false (g_file_test (sheets, G_FILE_TEST_EXISTS));
  bg_cli_run_clear (&run);
  run_cli (&run, NULL, "grade", files[0], "--render", sheets, "--render-format", "jpg", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--render-format must be png, svg or pdf"));
  g_assert_false (g_file_test (sheets, G_FILE_TEST_EXISTS));
  bg_cli_run_clear (&run);
  run_cli (&run, NULL, "grade", files[0], "--render-format", "pdf", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--render-format needs --render DIR"));
  g_assert_cmpstr (run.out, ==, "");
  bg_cli_run_clear (&run);

  for (guint i = 0; i < 3; i++)
    {
      g_remove (files[i]);
      g_free (files[i]);
    }
  g_remove (twin);
  g_rmdir (class_dir);
  g_rmdir (other_dir);
}

static void
test_refusals (void)
{
  g_autofree char *rig = example ("suspension-rig.bgmod");
  g_autofree char *jpg = temp_path ("sheet.jpg");
  g_autofree char *png = temp_path ("sheet.png");
  g_autofree char *bad = temp_path ("bad.bgmod");
  BgCliRun run;

  run_cli (&run, NULL, "render", rig, "--exercise", "--output", jpg, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "the output name must end in .png, .svg or .pdf"));
  bg_cli_run_clear (&run);
  run_cli (&run, NULL, "render", rig, "--exercise", "--component", "QuarterCar", "--output", png,
           NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "does not go with --component"));
  bg_cli_run_clear (&run);
  /* a file that is not a valid model: exit 1, nothing drawn */
  g_assert_true (g_file_set_contents (bad, "{\"format\": \"bgmod\", \"version\": 1, \"elements\": 5}",
                                      -1, NULL));
  run_cli (&run, NULL, "render", bad, "--exercise", "--output", png, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  bg_cli_run_clear (&run);
  g_remove (bad);
}

static void
test_pdf_plots (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *pdf = temp_path ("plot.pdf");
  BgCliRun run;

  /* 1000 × 700 px at 96 px per inch: 750 × 525 pt */
  run_cli (&run, NULL, "simulate", rc, "--t-end", "10m", "--plot", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  check_pdf (pdf, "--pages", "1", "--media", "750", "525", NULL);
  g_remove (pdf);

  run_cli (&run, NULL, "simulate", rc, "--t-end", "10m", "--vars", "C1.e",
           "--sweep", "R1.value=1k,2.2k", "--plot", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  check_pdf (pdf, "--pages", "1", "--media", "750", "525", NULL);
  g_remove (pdf);

  run_cli (&run, NULL, "bode", rc, "--input", "U", "--output", "C1.e", "--plot", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  check_pdf (pdf, "--pages", "1", "--media", "750", "525", NULL);
  g_remove (pdf);

  run_cli (&run, NULL, "render", rc, "--output", pdf, NULL);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  check_pdf (pdf, "--pages", "1", NULL);
  g_remove (pdf);

  run_cli (&run, NULL, "simulate", rc, "--plot", "out.jpg", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--plot needs a file name ending in .png, .svg or .pdf"));
  bg_cli_run_clear (&run);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("bgmod-cli-sheets-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/cli/sheets/verdicts", test_verdicts);
  g_test_add_func ("/cli/sheets/russian", test_russian);
  g_test_add_func ("/cli/sheets/components", test_components);
  g_test_add_func ("/cli/sheets/grade-render", test_grade_render);
  g_test_add_func ("/cli/sheets/refusals", test_refusals);
  g_test_add_func ("/cli/sheets/pdf-plots", test_pdf_plots);
  status = g_test_run ();
  g_rmdir (tmp_dir);
  g_free (tmp_dir);
  return status;
}
