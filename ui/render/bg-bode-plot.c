/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-bode-plot.c — a frequency response on the shared plot renderer.
 *
 * Owns: the copied columns (log10 f, magnitude, phase) the renderer borrows,
 * and the axis set-up. Must not: compute responses or depend on GTK.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-bode-plot.h"

struct _BgBodePlot
{
  BgPlotRenderer *renderer;
  double         *log_f, *mag, *phase;
};

BgBodePlot *
bg_bode_plot_new (void)
{
  BgBodePlot *self = g_new0 (BgBodePlot, 1);

  self->renderer = bg_plot_renderer_new ();
  bg_plot_renderer_set_log_x_axis (self->renderer, _("Frequency"), "Hz");
  return self;
}

static void
clear_columns (BgBodePlot *self)
{
  bg_plot_renderer_clear_traces (self->renderer);
  g_clear_pointer (&self->log_f, g_free);
  g_clear_pointer (&self->mag, g_free);
  g_clear_pointer (&self->phase, g_free);
}

void
bg_bode_plot_free (BgBodePlot *self)
{
  if (self == NULL)
    return;
  clear_columns (self);
  g_object_unref (self->renderer);
  g_free (self);
}

void
bg_bode_plot_set_response (BgBodePlot *self, const BgBode *bode)
{
  g_autofree char *name = NULL;

  g_return_if_fail (self != NULL);

  clear_columns (self);
  bg_plot_renderer_reset_view (self->renderer);
  if (bode == NULL || bode->n == 0)
    return;
  self->log_f = g_new (double, bode->n);
  self->mag = g_memdup2 (bode->mag_db, bode->n * sizeof (double));
  self->phase = g_memdup2 (bode->phase_deg, bode->n * sizeof (double));
  for (guint k = 0; k < bode->n; k++)
    self->log_f[k] = log10 (bode->f[k]);
  /* "C1.e / U": the output over the input. */
  name = g_strdup_printf ("%s / %s", bode->output, bode->input);
  bg_plot_renderer_add_trace (self->renderer, name, "dB", self->log_f, self->mag, bode->n);
  bg_plot_renderer_add_trace (self->renderer, name, "\xc2\xb0", self->log_f, self->phase, bode->n);
}

BgPlotRenderer *
bg_bode_plot_get_renderer (BgBodePlot *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->renderer;
}
