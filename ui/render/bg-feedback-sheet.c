/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-feedback-sheet.c — a graded exercise as a sheet to hand back (see
 * bg-feedback-sheet.h).
 *
 * Owns: the sheet's words, its layout (measured once, in points, on an
 * A4-wide sheet) and its drawing through the graph renderer, the exercise
 * marks and bg-export.h's one way to a file. Must not: draw the
 * analyzer's strokes or the answer, or keep anything between sheets.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "bg-export.h"
#include "bg-exercise-marks.h"
#include "bg-feedback-sheet.h"
#include "bg-graph-renderer.h"

G_DEFINE_QUARK (bg-feedback-sheet-error-quark, bg_feedback_sheet_error)

/* The sheet, in points: A4's width, its margins, an A4 page's height. */
#define SHEET_WIDTH 595.0
#define PAGE_HEIGHT 842.0
#define MARGIN 42.0
#define CONTENT_WIDTH (SHEET_WIDTH - 2 * MARGIN)
/* The graph: at most this tall and this zoom (a model unit is a point). */
#define GRAPH_MAX_HEIGHT 430.0
#define GRAPH_MAX_ZOOM 1.25
#define GRAPH_MARGIN 20.0
/* The list under the graph: its badges' scale and the text's indent. */
#define LIST_BADGE_SCALE 0.72
#define LIST_INDENT 24.0
#define PNG_PX_PER_PT 2.0

typedef struct
{
  const BgFeedbackSheet *sheet;
  BgGraphStyle           style;
  BgGraphRenderer       *renderer;
  PangoContext          *context;
  PangoLayout           *title, *verdict, *score, *heading;
  GPtrArray             *lines;          /* PangoLayout, one a bond */
  GPtrArray             *line_verdicts;  /* GINT_TO_POINTER (BgVerdict), or -1: none */
  gboolean               has_graph;
  BgGraphView            view;
  BgRect                 graph_box;      /* sheet coordinates */
  double                 verdict_y, score_y, heading_y, list_y;
  double                 height;
  gboolean               page;           /* PDF: one A4 page */
} Sheet;

BgVerdict
bg_feedback_sheet_verdict (const BgGrade *grade)
{
  g_return_val_if_fail (grade != NULL, BG_VERDICT_MISSING);

  if (bg_grade_is_ok (grade))
    return BG_VERDICT_OK;
  return bg_grade_count (grade, BG_VERDICT_WRONG) > 0 ? BG_VERDICT_WRONG : BG_VERDICT_MISSING;
}

/* "✓ Correct", "✗ Some strokes are wrong", "? Some strokes are missing". */
static char *
verdict_text (BgVerdict verdict)
{
  const char *words = verdict == BG_VERDICT_OK ? _("Correct")
                    : verdict == BG_VERDICT_WRONG ? _("Some strokes are wrong")
                    : _("Some strokes are still missing");

  return g_strdup_printf ("%s %s", bg_exercise_marks_glyph (verdict), words);
}

/* The window's own count (bg-window-exercise.c says it the same way). */
static char *
score_text (const BgGrade *grade)
{
  guint n = bg_grade_get_n_bonds (grade);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u of %u stroke correct · %u wrong · %u missing",
                                       "%u of %u strokes correct · %u wrong · %u missing", n),
                          bg_grade_count (grade, BG_VERDICT_OK), n,
                          bg_grade_count (grade, BG_VERDICT_WRONG),
                          bg_grade_count (grade, BG_VERDICT_MISSING));
}

static char *
title_text (const BgFeedbackSheet *sheet)
{
  g_autofree char *base = g_path_get_basename (sheet->file);

  return g_filename_display_name (base);
}

static PangoLayout *
new_layout (Sheet      *sh,
            const char *markup,
            double      size,
            gboolean    bold,
            double      width)
{
  PangoLayout *layout = pango_layout_new (sh->context);
  PangoFontDescription *font = pango_font_description_from_string (bold ? "Sans Bold" : "Sans");

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_markup (layout, markup, -1);
  return layout;
}

static PangoLayout *
new_text_layout (Sheet      *sh,
                 const char *text,
                 double      size,
                 gboolean    bold,
                 double      width)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  return new_layout (sh, markup, size, bold, width);
}

static double
layout_height (PangoLayout *layout)
{
  int w, h;

  pango_layout_get_size (layout, &w, &h);
  return (double) h / PANGO_SCALE;
}

/* Fits the graph into the content width and GRAPH_MAX_HEIGHT at @top;
 * returns its height (0 for an empty model). */
static double
lay_out_graph (Sheet  *sh,
               double  top)
{
  const BgFeedbackSheet *sheet = sh->sheet;
  double scale = sheet->presentation_scale > 0 ? sheet->presentation_scale : 1.0;
  double margin = GRAPH_MARGIN * scale, zoom, width, height;
  BgRect bounds;

  bg_graph_view_init (&sh->view);
  sh->view.presentation_scale = scale;
  sh->view.label_scale = bg_graph_renderer_label_scale (sh->renderer, sheet->model, scale);
  sh->view.show_bond_ids = TRUE;
  sh->view.draw_background = FALSE;
  sh->has_graph = bg_graph_renderer_get_bounds (sh->renderer, sheet->model, scale, &bounds);
  if (!sh->has_graph)
    return 0;
  width = bounds.width + 2 * margin;
  height = bounds.height + 2 * margin;
  zoom = MIN (GRAPH_MAX_ZOOM, MIN (CONTENT_WIDTH / width, GRAPH_MAX_HEIGHT / height));
  sh->view.zoom = zoom;
  sh->view.offset_x = MARGIN + (CONTENT_WIDTH - width * zoom) / 2 + (margin - bounds.x) * zoom;
  sh->view.offset_y = top + (margin - bounds.y) * zoom;
  sh->graph_box = (BgRect) { MARGIN + (CONTENT_WIDTH - width * zoom) / 2, top, width * zoom,
                             height * zoom };
  return height * zoom;
}

/* One line a bond of the whole grade: its id in bold and its sentence. */
static void
lay_out_list (Sheet *sh)
{
  const BgGrade *grade = sh->sheet->grade;
  guint n = bg_grade_get_n_bonds (grade);

  sh->lines = g_ptr_array_new_with_free_func (g_object_unref);
  sh->line_verdicts = g_ptr_array_new ();
  for (guint b = 0; b < n; b++)
    {
      const BgBondGrade *g = bg_grade_get_bond (grade, b);
      g_autofree char *id = g_markup_escape_text (g->bond_id, -1);
      g_autofree char *message = g_markup_escape_text (g->message, -1);
      g_autofree char *markup = g_strdup_printf ("<b>%s</b>  %s", id, message);

      g_ptr_array_add (sh->lines, new_layout (sh, markup, 10.5, FALSE,
                                              CONTENT_WIDTH - LIST_INDENT));
      g_ptr_array_add (sh->line_verdicts, GINT_TO_POINTER (g->verdict));
    }
  if (n == 0)
    {
      g_ptr_array_add (sh->lines, new_text_layout (sh, _("The model has no bonds to grade."), 10.5,
                                                   FALSE, CONTENT_WIDTH - LIST_INDENT));
      g_ptr_array_add (sh->line_verdicts, GINT_TO_POINTER (-1));
    }
}

static void
lay_out (Sheet *sh)
{
  const BgFeedbackSheet *sheet = sh->sheet;
  BgVerdict verdict = bg_feedback_sheet_verdict (sheet->grade);
  g_autofree char *title = title_text (sheet);
  g_autofree char *verdict_words = verdict_text (verdict);
  g_autofree char *score = score_text (sheet->grade);
  double y = MARGIN, graph_height;

  sh->title = new_text_layout (sh, title, 17, TRUE, CONTENT_WIDTH);
  sh->verdict = new_text_layout (sh, verdict_words, 13, TRUE, CONTENT_WIDTH);
  sh->score = new_text_layout (sh, score, 11, FALSE, CONTENT_WIDTH);
  /* TRANSLATORS: the heading of the list of sentences on a feedback sheet */
  sh->heading = new_text_layout (sh, _("Bond by bond"), 11, TRUE, CONTENT_WIDTH);
  lay_out_list (sh);

  y += layout_height (sh->title) + 4;
  sh->verdict_y = y;
  y += layout_height (sh->verdict) + 2;
  sh->score_y = y;
  y += layout_height (sh->score) + 14;
  graph_height = lay_out_graph (sh, y);
  y += graph_height + (graph_height > 0 ? 16 : 0);
  sh->heading_y = y;
  y += layout_height (sh->heading) + 6;
  sh->list_y = y;
  for (guint i = 0; i < sh->lines->len; i++)
    y += layout_height (g_ptr_array_index (sh->lines, i)) + 5;
  sh->height = ceil (y + MARGIN);
}

static void
set_color (cairo_t            *cr,
           const BgGraphColor *c,
           double              alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static void
show_layout (cairo_t     *cr,
             PangoLayout *layout,
             double       x,
             double       y)
{
  pango_layout_context_changed (layout);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

static BgPoint
to_sheet (const BgGraphView *view,
          BgPoint            p)
{
  return (BgPoint) { p.x * view->zoom + view->offset_x, p.y * view->zoom + view->offset_y };
}

/* The student's strokes (a wrong one in the error colour) and the badges,
 * as the window's exercise mode draws them before Reveal. */
static void
draw_marks (Sheet   *sh,
            cairo_t *cr)
{
  GPtrArray *bonds = bg_model_get_bonds (sh->sheet->model);
  double scale = MAX (0.6, MIN (2.5, sh->view.zoom)) * sh->view.presentation_scale;
  double length = BG_GEOMETRY_BARB_LENGTH * 1.3 * scale;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width (cr, 1.2 * 1.8 * scale);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < bonds->len; i++)
      {
        BgBond *bond = g_ptr_array_index (bonds, i);
        const BgBondGrade *g = sh->sheet->marks != NULL ? bg_grade_lookup (sh->sheet->marks, bond->id)
                                                        : NULL;
        BgPoint from, to;

        if (!bg_graph_renderer_bond_ends (sh->renderer, bond, &sh->view, &from, &to))
          continue;
        from = to_sheet (&sh->view, from);
        to = to_sheet (&sh->view, to);
        if (pass == 0)
          {
            set_color (cr, g != NULL && g->verdict == BG_VERDICT_WRONG ? &sh->style.error
                                                                      : &sh->style.fg, 1.0);
            bg_exercise_marks_stroke (cr, from, to, bond->exercise, length);
          }
        else if (g != NULL)
          bg_exercise_marks_badge (cr, sh->context,
                                   bg_exercise_marks_badge_beside (from, to, scale, 3 * scale),
                                   g->verdict, &sh->style, scale);
      }
  cairo_restore (cr);
}

static void
draw_graph (Sheet   *sh,
            cairo_t *cr)
{
  const BgRect *box = &sh->graph_box;

  cairo_save (cr);
  cairo_rectangle (cr, box->x + 0.5, box->y + 0.5, box->width - 1, box->height - 1);
  set_color (cr, &sh->style.fg, 0.25);
  cairo_set_line_width (cr, 0.75);
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_save (cr);
  bg_graph_renderer_draw (sh->renderer, cr, sh->sheet->model, NULL, &sh->view);
  cairo_restore (cr);
  draw_marks (sh, cr);
}

static void
draw_list (Sheet   *sh,
           cairo_t *cr)
{
  double y = sh->list_y;

  set_color (cr, &sh->style.fg, 1.0);
  show_layout (cr, sh->heading, MARGIN, sh->heading_y);
  for (guint i = 0; i < sh->lines->len; i++)
    {
      PangoLayout *line = g_ptr_array_index (sh->lines, i);
      int verdict = GPOINTER_TO_INT (g_ptr_array_index (sh->line_verdicts, i));
      pango_layout_context_changed (line);
      if (verdict >= 0)
        {
          PangoLayoutLine *top = pango_layout_get_line_readonly (line, 0);
          PangoRectangle logical;

          pango_layout_line_get_extents (top, NULL, &logical);
          bg_exercise_marks_badge (cr, sh->context,
                                   (BgPoint) { MARGIN + BG_EXERCISE_BADGE_RADIUS * LIST_BADGE_SCALE,
                                               y + (double) logical.height / PANGO_SCALE / 2 },
                                   (BgVerdict) verdict, &sh->style, LIST_BADGE_SCALE);
        }
      set_color (cr, &sh->style.fg, 1.0);
      show_layout (cr, line, MARGIN + LIST_INDENT, y);
      y += layout_height (line) + 5;
    }
}

static void
draw_sheet_cb (cairo_t *cr,
               gpointer data)
{
  Sheet *sh = data;
  BgVerdict verdict = bg_feedback_sheet_verdict (sh->sheet->grade);
  double page_height = sh->page ? PAGE_HEIGHT : sh->height;
  double fit = sh->page ? MIN (1.0, PAGE_HEIGHT / sh->height) : 1.0;

  set_color (cr, &sh->style.bg, 1.0);
  cairo_rectangle (cr, 0, 0, SHEET_WIDTH, page_height);
  cairo_fill (cr);

  /* a sheet taller than the page is scaled to fit it, centred */
  cairo_translate (cr, (SHEET_WIDTH - SHEET_WIDTH * fit) / 2, 0);
  cairo_scale (cr, fit, fit);
  pango_cairo_update_context (cr, sh->context);

  set_color (cr, &sh->style.fg, 1.0);
  show_layout (cr, sh->title, MARGIN, MARGIN);
  set_color (cr, bg_exercise_marks_color (&sh->style, verdict), 1.0);
  show_layout (cr, sh->verdict, MARGIN, sh->verdict_y);
  set_color (cr, &sh->style.fg, 1.0);
  show_layout (cr, sh->score, MARGIN, sh->score_y);
  if (sh->has_graph)
    draw_graph (sh, cr);
  draw_list (sh, cr);
}

/* What the sheet says, for the SVG's <title> and <desc> and the PDF's
 * title and subject. */
static char *
dup_title (const Sheet *sh)
{
  g_autofree char *title = title_text (sh->sheet);
  g_autofree char *verdict = verdict_text (bg_feedback_sheet_verdict (sh->sheet->grade));
  g_autofree char *score = score_text (sh->sheet->grade);

  return g_strdup_printf ("%s — %s — %s", title, verdict, score);
}

static char *
dup_description (const Sheet *sh)
{
  const BgGrade *grade = sh->sheet->grade;
  GString *out = g_string_new (NULL);

  for (guint b = 0; b < bg_grade_get_n_bonds (grade); b++)
    {
      const BgBondGrade *g = bg_grade_get_bond (grade, b);

      g_string_append_printf (out, "%s%s %s: %s", b > 0 ? "\n" : "",
                              bg_exercise_marks_glyph (g->verdict), g->bond_id, g->message);
    }
  return g_string_free (out, FALSE);
}

static void
sheet_clear (Sheet *sh)
{
  g_clear_object (&sh->title);
  g_clear_object (&sh->verdict);
  g_clear_object (&sh->score);
  g_clear_object (&sh->heading);
  g_clear_pointer (&sh->lines, g_ptr_array_unref);
  g_clear_pointer (&sh->line_verdicts, g_ptr_array_unref);
  g_clear_object (&sh->context);
  g_clear_pointer (&sh->renderer, bg_graph_renderer_free);
}

/* A context that measures as it draws at any scale: no hinted metrics. */
static PangoContext *
new_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options (context, options);
  cairo_font_options_destroy (options);
  return context;
}

gboolean
bg_feedback_sheet_write (const BgFeedbackSheet *sheet,
                         const char            *path,
                         GError               **error)
{
  g_autofree char *reason = NULL, *title = NULL, *description = NULL;
  BgExportFormat format;
  Sheet sh = { sheet };
  gboolean ok;

  g_return_val_if_fail (sheet != NULL && sheet->model != NULL && sheet->grade != NULL, FALSE);
  g_return_val_if_fail (sheet->file != NULL && path != NULL, FALSE);

  if (!bg_export_format_for_path (path, TRUE, &format))
    {
      g_set_error (error, BG_FEEDBACK_SHEET_ERROR, BG_FEEDBACK_SHEET_ERROR_FORMAT,
                   _("%s: unknown format; use a name ending in .png, .svg or .pdf"), path);
      return FALSE;
    }
  bg_graph_style_init_light (&sh.style);
  sh.renderer = bg_graph_renderer_new ();
  sh.context = new_context ();
  sh.page = format == BG_EXPORT_PDF_PT;
  lay_out (&sh);
  title = dup_title (&sh);
  description = dup_description (&sh);
  ok = bg_export_write_described (path, format, SHEET_WIDTH, sh.page ? PAGE_HEIGHT : sh.height,
                                  format == BG_EXPORT_PNG ? PNG_PX_PER_PT : 1.0, draw_sheet_cb, &sh,
                                  title, description, &reason);
  if (!ok)
    g_set_error (error, BG_FEEDBACK_SHEET_ERROR, BG_FEEDBACK_SHEET_ERROR_WRITE,
                 _("%s: cannot write the sheet: %s"), path, reason);
  sheet_clear (&sh);
  return ok;
}
