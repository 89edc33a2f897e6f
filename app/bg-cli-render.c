/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-cli-render.c — `bgmod-cli render MODEL.bgmod --output OUT.png|OUT.svg|OUT.pdf
 * [--exercise]`.
 *
 * Owns: drawing a model's bond graph, fitted, on a white background, with the
 * analyzer's causal strokes, conflicts in red and algebraic groups in amber,
 * into a PNG, SVG or PDF file; with --exercise the student's feedback sheet
 * instead (the student's strokes with grade's marks and sentences,
 * bg-cli-draw.c); and the exit code: 0 when written, also for a
 * model whose causality has an error (the picture shows it; the errors go
 * to stderr); 1 for an invalid model; 2 for a usage error, an unreadable
 * model or an unwritable output (a device or a socket is refused before
 * anything is drawn, bg-cli-output.c). Must not: draw anything itself (the
 * graph renderer and the sheet do, as for the canvas), analyse causality
 * (bg-causality.c) or grade (bg-causality-check.c).
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-cli.h"
#include "bg-definition.h"
#include "bg-model-flatten.h"
#include "bg-cli-output.h"
#include "bg-graph-renderer.h"

/* A definition's strokes as analysed in its first instance at the top
 * level; a definition no top-level element uses is drawn without. */
static BgCausality *
render_component_causality (BgModel            *model,
                            const BgDefinition *def)
{
  GPtrArray *elements = bg_model_get_elements (model);
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = NULL;
  g_autoptr(BgCausality) flat_causality = NULL;
  g_autofree char *prefix = NULL;

  for (guint i = 0; i < elements->len && prefix == NULL; i++)
    {
      BgElement *el = g_ptr_array_index (elements, i);

      if (el->spec == def->spec)
        prefix = g_strconcat (el->id, ".", NULL);
    }
  if (prefix == NULL || (flat = bg_model_flatten (model, &map, NULL)) == NULL)
    return NULL;
  flat_causality = bg_causality_analyze (flat);
  return bg_causality_project (flat_causality, def->body, prefix, map);
}

/* render --exercise: the student's sheet. */
static int
render_exercise (const char *file,
                 BgModel    *document,
                 double      scale,
                 const char *output)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BgFlatMap) map = NULL;
  g_autoptr(BgModel) flat = bg_model_flatten (document, &map, &error);
  g_autoptr(BgGrade) grade = NULL;

  if (flat == NULL)
    {
      g_printerr ("bgmod-cli: %s: %s\n", file, error->message);
      return BG_CLI_EXIT_FAILED;
    }
  grade = bg_grade_exercise (flat);
  if (!bg_cli_write_feedback_sheet (file, document, map, grade, scale, output, &error))
    {
      g_printerr ("bgmod-cli render: %s\n", error->message);
      return BG_CLI_EXIT_USAGE;
    }
  return BG_CLI_EXIT_OK;
}

/* A name ending in .png, .svg or .pdf, in either case. */
static gboolean
is_picture_name (const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  return g_str_has_suffix (lower, ".png") || g_str_has_suffix (lower, ".svg")
         || g_str_has_suffix (lower, ".pdf");
}

int
bg_cli_render (int    argc,
               char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(BgModel) model = NULL;
  g_autoptr(BgCausality) causality = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL, *scale_text = NULL;
  g_autofree char *component = NULL;
  gboolean exercise = FALSE;
  BgModel *drawn;
  double scale = 1.0;
  int exit_code = BG_CLI_EXIT_OK;
  const GPtrArray *errors;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the drawing to this .png, .svg or .pdf file"), N_("FILE") },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text,
      N_("Presentation scale: 1 normal, 1.5–2 thicker lines and text"), N_("S") },
    { "component", 0, 0, G_OPTION_ARG_STRING, &component,
      N_("Draw this component's definition instead of the model (strokes as in its first instance)"),
      N_("NAME") },
    { "exercise", 0, 0, G_OPTION_ARG_NONE, &exercise,
      N_("Draw the student's feedback sheet: their strokes marked ✓, ✗ or ? as grade judges them, with grade's sentences"),
      NULL },
    { NULL }
  };

  context = g_option_context_new ("MODEL.bgmod");
  g_option_context_set_summary (context,
                                N_("Draws the bond graph of a model with its causal strokes."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!bg_cli_parse (context, "render", &argc, &argv)
      || !bg_cli_expect_one_model ("render", argc))
    return BG_CLI_EXIT_USAGE;
  if (output == NULL)
    return bg_cli_usage_error ("render", _("missing --output OUT.png|OUT.svg|OUT.pdf"));
  if ((scale_text != NULL && !bg_cli_read_number (scale_text, &scale))
      || !(scale >= 0.5 && scale <= 3.0))
    return bg_cli_usage_error ("render",
                               _("--scale must be between 0.5 and 3"));
  if (!is_picture_name (output))
    return bg_cli_usage_error ("render",
                               _("the output name must end in .png, .svg or .pdf"));
  if (exercise && component != NULL)
    return bg_cli_usage_error ("render",
                               _("--exercise draws the student's whole model; it does not go with --component"));

  if (!bg_cli_output_check (output, &error))
    return bg_cli_write_failed ("render", error);

  model = bg_cli_load_document (argv[1], &exit_code);
  if (model == NULL)
    return exit_code;
  if (exercise)
    return render_exercise (argv[1], model, scale, output);

  drawn = model;
  if (component != NULL)
    {
      const BgDefinition *def = bg_model_find_definition (model, component);

      if (def == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("the model defines no component “%s”"), component);

          return bg_cli_usage_error ("render", message);
        }
      drawn = def->body;
      causality = render_component_causality (model, def);
    }
  else
    causality = bg_causality_analyze (model);
  if (!bg_graph_renderer_export (drawn, causality, output, scale, &error))
    {
      g_printerr ("bgmod-cli render: %s\n", error->message);
      return BG_CLI_EXIT_USAGE;
    }

  errors = causality != NULL ? bg_causality_get_errors (causality) : NULL;
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    {
      const BgDiagnostic *d = g_ptr_array_index (errors, i);

      g_printerr ("%s: %s [%s]\n", _("error"), d->message, d->code);
    }
  return BG_CLI_EXIT_OK;
}
