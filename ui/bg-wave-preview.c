/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-wave-preview.c — see bg-wave-preview.h. */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-wave-preview.h"
#include "bg-waveform.h"
#include "bg-si-format.h"
#include "bg-theme.h"

#define N_SAMPLES 240
#define MAX_MARKS 200

struct _BgWavePreview
{
  GtkWidget  parent_instance;

  BgModel   *model;
  char      *element_id;
  char      *value_name;
};

G_DEFINE_FINAL_TYPE (BgWavePreview, bg_wave_preview, GTK_TYPE_WIDGET)

static void
model_changed_cb (BgWavePreview *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
draw_text (BgWavePreview *self,
           cairo_t       *cr,
           const char    *text,
           double         x,
           double         y,
           gboolean       right)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, right ? x - w : x, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* u at t, sampled just left of a switching time too, so jumps are drawn
 * as vertical edges. */
static void
draw_curve (cairo_t      *cr,
            const BgWave *wave,
            const double *times,
            guint         n_times,
            double        t_end,
            double        x0,
            double        sx,
            double        y0,
            double        sy,
            double        lo)
{
  guint k = 0;

  for (guint i = 0; i <= N_SAMPLES; i++)
    {
      double t = t_end * i / N_SAMPLES;

      while (k < n_times && times[k] <= t)
        {
          double ts = times[k++];
          double before = bg_wave_eval (wave, ts, ts - 1e-9 * t_end);
          double after = bg_wave_eval (wave, ts, ts + 1e-9 * t_end);

          cairo_line_to (cr, x0 + sx * ts, y0 - sy * (before - lo));
          cairo_line_to (cr, x0 + sx * ts, y0 - sy * (after - lo));
        }
      cairo_line_to (cr, x0 + sx * t, y0 - sy * (bg_wave_eval (wave, t, t) - lo));
    }
}

static void
bg_wave_preview_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  BgWavePreview *self = BG_WAVE_PREVIEW (widget);
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  BgElement *element = self->model != NULL && self->element_id != NULL
                       ? bg_model_find_element (self->model, self->element_id) : NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  double t_end, lo = INFINITY, hi = -INFINITY, x0 = 44, x1, y0, y1 = 6, sx, sy;
  g_autofree char *lo_text = NULL, *hi_text = NULL, *t_text = NULL;
  GdkRGBA fg;
  BgWave wave;
  cairo_t *cr;

  if (element == NULL || width < 60 || height < 30)
    return;
  t_end = bg_model_get_simulation (self->model)->t_end;
  bg_wave_from_params (&wave, element->spec, element->params, self->value_name);
  if (!bg_wave_switch_times (&wave, t_end, times, NULL))
    g_array_set_size (times, 0);
  for (guint i = 0; i <= N_SAMPLES; i++)
    {
      double u = bg_wave_eval (&wave, t_end * i / N_SAMPLES, t_end * i / N_SAMPLES);
      lo = MIN (lo, u);
      hi = MAX (hi, u);
    }
  for (guint k = 0; k < times->len; k++)
    {
      double ts = g_array_index (times, double, k);
      lo = MIN (lo, bg_wave_eval (&wave, ts, ts - 1e-9 * t_end));
      hi = MAX (hi, bg_wave_eval (&wave, ts, ts - 1e-9 * t_end));
    }
  if (!(hi > lo))
    {
      double pad = MAX (fabs (hi) * 0.1, 1e-12);
      lo -= pad;
      hi += pad;
    }

  bg_theme_get_fg (widget, &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  x1 = width - 6;
  y0 = height - 18;
  sx = (x1 - x0) / t_end;
  sy = (y0 - y1) / (hi - lo);

  /* frame and labels */
  cairo_set_line_width (cr, 1);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.35);
  cairo_rectangle (cr, x0 + 0.5, y1 + 0.5, x1 - x0, y0 - y1);
  cairo_stroke (cr);
  lo_text = bg_si_format (lo, "");
  hi_text = bg_si_format (hi, "");
  t_text = bg_si_format (t_end, "s");
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
  draw_text (self, cr, hi_text, x0 - 4, y1 + 4, TRUE);
  draw_text (self, cr, lo_text, x0 - 4, y0 - 4, TRUE);
  draw_text (self, cr, "0", x0, y0 + 9, FALSE);
  draw_text (self, cr, t_text, x1, y0 + 9, TRUE);

  /* switching times, dashed, as in the plot */
  if (times->len <= MAX_MARKS)
    {
      double dash[] = { 3, 3 };

      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.3);
      for (guint k = 0; k < times->len; k++)
        {
          double x = x0 + sx * g_array_index (times, double, k);
          cairo_move_to (cr, floor (x) + 0.5, y1);
          cairo_line_to (cr, floor (x) + 0.5, y0);
        }
      cairo_stroke (cr);
      cairo_restore (cr);
    }

  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_set_line_width (cr, 1.6);
  cairo_new_path (cr);
  draw_curve (cr, &wave, (const double *) (gpointer) times->data,
              times->len <= 20 * N_SAMPLES ? times->len : 0, t_end, x0, sx, y0, sy, lo);
  cairo_stroke (cr);
  cairo_destroy (cr);
}

static void
bg_wave_preview_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 120 : 80;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 96;
}

static void
bg_wave_preview_finalize (GObject *object)
{
  BgWavePreview *self = BG_WAVE_PREVIEW (object);

  g_clear_object (&self->model);
  g_free (self->element_id);
  g_free (self->value_name);
  G_OBJECT_CLASS (bg_wave_preview_parent_class)->finalize (object);
}

static void
bg_wave_preview_class_init (BgWavePreviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bg_wave_preview_finalize;
  widget_class->snapshot = bg_wave_preview_snapshot;
  widget_class->measure = bg_wave_preview_measure;
  gtk_widget_class_set_css_name (widget_class, "wave-preview");
}

static void
bg_wave_preview_init (BgWavePreview *self)
{
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("The input u(t) over the run; dashed lines are switching times"));
}

GtkWidget *
bg_wave_preview_new (BgModel    *model,
                     const char *element_id,
                     const char *value_name)
{
  BgWavePreview *self;

  g_return_val_if_fail (BG_IS_MODEL (model), NULL);

  self = g_object_new (BG_TYPE_WAVE_PREVIEW, NULL);
  self->model = g_object_ref (model);
  self->element_id = g_strdup (element_id);
  self->value_name = g_strdup (value_name);
  g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}

void
bg_wave_preview_set_element_id (BgWavePreview *self,
                                const char    *element_id)
{
  g_return_if_fail (BG_IS_WAVE_PREVIEW (self));

  g_free (self->element_id);
  self->element_id = g_strdup (element_id);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
