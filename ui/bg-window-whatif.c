/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-window-whatif.c — BgWindow's side of the what-if slider.
 *
 * Owns: handing the inspector's what-if values to the plot pane (the
 * first one of a drag brings the time plot into sight, as a run does) and
 * the end of a drag, after which the pane runs the kept value; the
 * inspector's what-if model is the document's (set with the document,
 * bg-window.c). Must not: edit the model, run anything itself, or keep
 * state outside BgWindow's struct.
 */
#include "config.h"

#include "bg-window-private.h"

static void
inspector_what_if_preview_cb (BgWindow    *self,
                              const char  *element,
                              const char  *param,
                              double       value,
                              BgInspector *inspector)
{
  if (!bg_plot_pane_whatif_is_busy (self->plot_pane))
    {
      _bg_window_set_explain_mode (self, FALSE);
      _bg_window_layout_show_slot (self);
      gtk_stack_set_visible_child_name (self->plot_stack, "time");
    }
  bg_plot_pane_whatif_preview (self->plot_pane, element, param, value);
}

static void
inspector_what_if_end_cb (BgWindow    *self,
                          gboolean     committed,
                          BgInspector *inspector)
{
  bg_plot_pane_whatif_end (self->plot_pane, committed);
  _bg_window_actions_update (self);
}

void
_bg_window_whatif_init (BgWindow *self)
{
  g_signal_connect_object (self->inspector, "what-if-preview",
                           G_CALLBACK (inspector_what_if_preview_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->inspector, "what-if-end",
                           G_CALLBACK (inspector_what_if_end_cb), self, G_CONNECT_SWAPPED);
}
