/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector-whatif.c — a number parameter's what-if slider.
 *
 * Owns: the small button beside a number field that opens and closes its
 * slider, the slider under the field (a scale over the range, its two ends
 * as entries, logarithmic when both ends have one sign), the map between
 * the knob's place and the value (three significant digits), the drag as
 * one session — each new value said through "what-if-preview" and shown
 * in the field, the release setting it as one undoable bg_model_* edit and
 * saying "what-if-end" —, the keyboard's way (arrows and Page keys move
 * it; a pause, Enter or leaving keeps the value; Escape puts the model's
 * back), and the open sliders and ranges remembered per element and
 * parameter. Must not: run anything (the plot pane does, on the signals),
 * edit the model other than once per session, or build pages.
 */
#include "config.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bg-inspector-private.h"
#include "bg-si-format.h"
#include "bg-unit-entry.h"
#include "bg-units.h"

#define STEPS 1000.0            /* knob places from one end to the other */
#define KEY_COMMIT_MS 600       /* a pause after the keys keeps the value */

typedef struct
{
  gboolean open;
  double   min, max;
} Range;

typedef struct _WhatIfSlider
{
  Field         *field;
  GtkWidget     *button;
  GtkWidget     *box;       /* the slider and its ends */
  GtkScale      *scale;
  GtkAdjustment *adjustment;
  GtkWidget     *min_entry;
  GtkWidget     *max_entry;
  GtkLabel      *range_label;
  double         min, max;
  gboolean       log;

  gboolean       setting;   /* writing the model's value into the knob */
  gboolean       pressed;   /* the pointer holds the knob */
  gboolean       active;    /* a session: values said, not kept yet */
  double         value;     /* the session's latest value */
  char          *element;   /* the session's element */
  guint          commit_source;
  /* what calls back with this slider: cut off when the field goes (the
   * page's widgets may outlive it a moment, and lose the focus then) */
  GPtrArray     *emitters;
} WhatIfSlider;

static void
connected (WhatIfSlider *s,
           gpointer      emitter)
{
  g_ptr_array_add (s->emitters, g_object_ref (emitter));
}

static void slider_commit (WhatIfSlider *s);

/* Ranges ------------------------------------------------------------------------ */

GHashTable *
_bg_inspector_whatif_ranges_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static char *
range_key (Field *field)
{
  return g_strconcat (field->self->element_id != NULL ? field->self->element_id : "", "\x1f",
                      field->pspec->name, NULL);
}

static Range *
remembered (Field *field)
{
  g_autofree char *key = range_key (field);

  return g_hash_table_lookup (field->self->what_if_ranges, key);
}

static void
remember (WhatIfSlider *s)
{
  Range *range = g_new0 (Range, 1);

  range->open = gtk_widget_get_visible (s->box);
  range->min = s->min;
  range->max = s->max;
  g_hash_table_replace (s->field->self->what_if_ranges, range_key (s->field), range);
}

/* The model's value of the field now, or NaN. */
static double
model_value (Field *field)
{
  BgElement *element = _bg_inspector_get_element (field->self);

  return element != NULL ? element->params[field->index].number : NAN;
}

/* ÷10 … ×10 of value, inside what the parameter allows. */
static void
default_range (Field  *field,
               double  value,
               double *min,
               double *max)
{
  const BgParamSpec *pspec = field->pspec;

  if (value > 0)
    *min = value / 10, *max = value * 10;
  else if (value < 0)
    *min = value * 10, *max = value / 10;
  else
    *min = pspec->limit == BG_LIMIT_ANY ? -1 : 0, *max = 1;
  if (pspec->limit == BG_LIMIT_RANGE)
    {
      *min = MAX (*min, pspec->min);
      *max = MIN (*max, pspec->max);
    }
}

/* Values and knob places ---------------------------------------------------------- */

static double
round3 (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_ascii_strtod (g_ascii_formatd (buf, sizeof buf, "%.3g", value), NULL);
}

static double
place_to_value (WhatIfSlider *s,
                double        place)
{
  double f = CLAMP (place / STEPS, 0.0, 1.0);
  double value;

  if (s->log && s->min > 0)
    value = s->min * pow (s->max / s->min, f);
  else if (s->log)
    value = -(-s->min * pow (s->max / s->min, f));
  else
    value = s->min + (s->max - s->min) * f;
  value = round3 (value);
  /* the ends themselves, not their neighbours in three digits */
  return CLAMP (value, s->min, s->max);
}

static double
value_to_place (WhatIfSlider *s,
                double        value)
{
  double f;

  if (!isfinite (value))
    return 0;
  value = CLAMP (value, s->min, s->max);
  if (s->log)
    f = log (value / s->min) / log (s->max / s->min);
  else
    f = (value - s->min) / (s->max - s->min);
  return STEPS * CLAMP (f, 0.0, 1.0);
}

static char *
format_value (WhatIfSlider *s,
              double        value)
{
  return bg_si_format (value, s->field->pspec->unit);
}

static void
show_range (WhatIfSlider *s)
{
  g_autofree char *min = bg_inspector_format_number (s->min);
  g_autofree char *max = bg_inspector_format_number (s->max);

  gtk_editable_set_text (GTK_EDITABLE (s->min_entry), min);
  gtk_editable_set_text (GTK_EDITABLE (s->max_entry), max);
  gtk_label_set_text (s->range_label, s->log ? C_("what-if slider scale", "log")
                                             : C_("what-if slider scale", "linear"));
}

static void
set_range (WhatIfSlider *s,
           double        min,
           double        max)
{
  s->min = min;
  s->max = max;
  s->log = (min > 0 && max > 0) || (min < 0 && max < 0);
  show_range (s);
}

/* The knob at the model's value, without saying it. */
static void
place_knob (WhatIfSlider *s)
{
  double value = model_value (s->field);
  g_autofree char *text = NULL;

  s->setting = TRUE;
  gtk_adjustment_set_value (s->adjustment, value_to_place (s, value));
  s->setting = FALSE;
  if (isfinite (value))
    {
      text = format_value (s, value);
      gtk_accessible_update_property (GTK_ACCESSIBLE (s->scale),
                                      GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text, -1);
    }
}

/* A session ------------------------------------------------------------------------ */

static void
show_in_field (WhatIfSlider *s,
               double        value)
{
  g_autofree char *text = bg_inspector_format_number (value);
  g_autofree char *spoken = format_value (s, value);
  BgInspector *self = s->field->self;

  self->updating = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (s->field->input), text);
  self->updating = FALSE;
  gtk_accessible_update_property (GTK_ACCESSIBLE (s->scale),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, spoken, -1);
}

static gboolean
commit_timeout_cb (gpointer data)
{
  WhatIfSlider *s = data;

  s->commit_source = 0;
  slider_commit (s);
  return G_SOURCE_REMOVE;
}

static void
adjustment_changed_cb (GtkAdjustment *adjustment,
                       WhatIfSlider  *s)
{
  BgInspector *self = s->field->self;
  double value;

  if (s->setting || self->element_id == NULL)
    return;
  value = place_to_value (s, gtk_adjustment_get_value (adjustment));
  if (!s->active)
    {
      s->active = TRUE;
      g_free (s->element);
      s->element = g_strdup (self->element_id);
    }
  else if (value == s->value)
    return;
  s->value = value;
  show_in_field (s, value);
  _bg_inspector_emit_what_if_preview (self, s->element, s->field->pspec->name, value);
  /* keys: kept after a pause; a drag: when it is let go */
  g_clear_handle_id (&s->commit_source, g_source_remove);
  if (!s->pressed)
    s->commit_source = g_timeout_add (KEY_COMMIT_MS, commit_timeout_cb, s);
}

/* Keeps the session's value as one undoable edit. */
static void
slider_commit (WhatIfSlider *s)
{
  Field *field = s->field;
  BgInspector *self = field->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *refusal = NULL;
  gboolean changed = FALSE;

  g_clear_handle_id (&s->commit_source, g_source_remove);
  if (!s->active)
    return;
  s->active = FALSE;
  if (self->model != NULL && g_strcmp0 (s->element, self->element_id) == 0 &&
      s->value != model_value (field))
    {
      refusal = bg_unit_dup_limit_message (field->pspec, s->value);
      self->applying = TRUE;
      if (refusal != NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s.", refusal);
      else
        changed = bg_model_set_param_number (self->model, s->element, field->pspec->name,
                                             s->value, &error);
      self->applying = FALSE;
    }
  _bg_inspector_emit_what_if_end (self, changed);
  /* the field and the knob show the model's value (the new one) */
  self->updating = TRUE;
  _bg_inspector_field_update (field, TRUE);
  self->updating = FALSE;
  if (error != NULL)
    _bg_inspector_field_show_error (field, error->message);
}

/* Puts the model's value back and ends the session without an edit. */
static void
slider_cancel (WhatIfSlider *s)
{
  BgInspector *self = s->field->self;

  g_clear_handle_id (&s->commit_source, g_source_remove);
  if (!s->active)
    return;
  s->active = FALSE;
  _bg_inspector_emit_what_if_end (self, FALSE);
  self->updating = TRUE;
  _bg_inspector_field_update (s->field, TRUE);
  self->updating = FALSE;
}

/* The pointer: its press and release, whatever gesture the scale claims
 * them with (seen first, in the capture phase, and passed on). */
static gboolean
scale_event_cb (GtkEventControllerLegacy *controller,
                GdkEvent                 *event,
                WhatIfSlider             *s)
{
  switch (gdk_event_get_event_type (event))
    {
    case GDK_BUTTON_PRESS:
    case GDK_TOUCH_BEGIN:
      s->pressed = TRUE;
      g_clear_handle_id (&s->commit_source, g_source_remove);
      break;
    case GDK_BUTTON_RELEASE:
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL:
      s->pressed = FALSE;
      slider_commit (s);
      break;
    default:
      break;
    }
  return FALSE;
}

static gboolean
scale_key_cb (GtkEventControllerKey *controller,
              guint                  keyval,
              guint                  keycode,
              GdkModifierType        state,
              WhatIfSlider          *s)
{
  switch (keyval)
    {
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_ISO_Enter:
      slider_commit (s);
      return TRUE;
    case GDK_KEY_Escape:
      if (!s->active)
        return FALSE;
      slider_cancel (s);
      return TRUE;
    default:
      return FALSE;
    }
}

static void
scale_focus_leave_cb (GtkEventControllerFocus *controller,
                      WhatIfSlider            *s)
{
  if (!s->pressed)
    slider_commit (s);
}

/* The range's ends ------------------------------------------------------------------ */

static void
range_entry_apply (WhatIfSlider *s)
{
  const char *unit = s->field->pspec->unit;
  double min, max;
  g_autofree char *refusal = NULL;

  if (!bg_unit_parse (gtk_editable_get_text (GTK_EDITABLE (s->min_entry)), unit, &min) ||
      !bg_unit_parse (gtk_editable_get_text (GTK_EDITABLE (s->max_entry)), unit, &max))
    {
      _bg_inspector_field_show_error (s->field,
                                      _("The slider's ends must be numbers, such as 0.2 and 20."));
      return;
    }
  if (!(min < max))
    {
      _bg_inspector_field_show_error (s->field,
                                      _("The slider's left end must be below its right end."));
      return;
    }
  refusal = bg_unit_dup_limit_message (s->field->pspec, min);
  if (refusal == NULL)
    refusal = bg_unit_dup_limit_message (s->field->pspec, max);
  if (refusal != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("The slider's ends: %s."), refusal);

      _bg_inspector_field_show_error (s->field, message);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (s->field->error_label), FALSE);
  set_range (s, min, max);
  remember (s);
  place_knob (s);
}

static void
range_activate_cb (GtkEntry     *entry,
                   WhatIfSlider *s)
{
  range_entry_apply (s);
}

static void
range_focus_leave_cb (GtkEventControllerFocus *controller,
                      WhatIfSlider            *s)
{
  range_entry_apply (s);
}

static GtkWidget *
range_entry_new (WhatIfSlider *s,
                 const char   *name)
{
  GtkWidget *entry = gtk_entry_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 6);
  gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 8);
  gtk_entry_set_alignment (GTK_ENTRY (entry), 0.5);
  gtk_widget_add_css_class (entry, "whatif-end");
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_set_tooltip_text (entry, name);
  bg_unit_entry_select_on_focus (entry);
  g_signal_connect (entry, "activate", G_CALLBACK (range_activate_cb), s);
  g_signal_connect (focus, "leave", G_CALLBACK (range_focus_leave_cb), s);
  gtk_widget_add_controller (entry, focus);
  connected (s, entry);
  connected (s, focus);
  return entry;
}

/* Open and close ---------------------------------------------------------------------- */

static void
button_toggled_cb (GtkToggleButton *button,
                   WhatIfSlider    *s)
{
  gboolean open = gtk_toggle_button_get_active (button);

  if (!open)
    slider_commit (s);
  gtk_widget_set_visible (s->box, open);
  if (open)
    place_knob (s);
  remember (s);
}

void
_bg_inspector_whatif_add (Field *field)
{
  WhatIfSlider *s = g_new0 (WhatIfSlider, 1);
  GtkWidget *line = gtk_widget_get_parent (field->input);
  GtkWidget *ends = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkEventController *legacy = gtk_event_controller_legacy_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_autofree char *label = g_strdup_printf (_("What if? Slider for %s"), field->caption);
  Range *range = remembered (field);
  double min, max;

  s->field = field;
  s->emitters = g_ptr_array_new_with_free_func (g_object_unref);
  field->slider = s;

  s->button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (s->button), "bg-whatif-symbolic");
  gtk_widget_add_css_class (s->button, "flat");
  gtk_widget_add_css_class (s->button, "whatif-button");
  gtk_widget_set_valign (s->button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (s->button, _("What if? Drag a slider and watch the plot follow"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (s->button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  gtk_box_append (GTK_BOX (line), s->button);
  /* the button's room from the entry's least width (it still fills the
   * line): the inspector keeps its width in presentation mode */
  gtk_editable_set_width_chars (GTK_EDITABLE (field->input), 8);

  s->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (s->box, "whatif-slider");
  /* ours as long as the field: the page's widgets go before the fields */
  s->adjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, STEPS, STEPS / 100, STEPS / 10, 0));
  s->scale = GTK_SCALE (gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, s->adjustment));
  gtk_scale_set_draw_value (s->scale, FALSE);
  gtk_widget_set_hexpand (GTK_WIDGET (s->scale), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (s->scale), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label, -1);
  g_signal_connect (s->adjustment, "value-changed", G_CALLBACK (adjustment_changed_cb), s);
  gtk_event_controller_set_propagation_phase (legacy, GTK_PHASE_CAPTURE);
  g_signal_connect (legacy, "event", G_CALLBACK (scale_event_cb), s);
  gtk_widget_add_controller (GTK_WIDGET (s->scale), legacy);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (scale_key_cb), s);
  gtk_widget_add_controller (GTK_WIDGET (s->scale), keys);
  g_signal_connect (focus, "leave", G_CALLBACK (scale_focus_leave_cb), s);
  gtk_widget_add_controller (GTK_WIDGET (s->scale), focus);
  connected (s, legacy);
  connected (s, keys);
  connected (s, focus);
  gtk_box_append (GTK_BOX (s->box), GTK_WIDGET (s->scale));

  s->min_entry = range_entry_new (s, _("The slider's left end"));
  s->max_entry = range_entry_new (s, _("The slider's right end"));
  s->range_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (s->range_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (s->range_label), "caption");
  gtk_widget_set_hexpand (GTK_WIDGET (s->range_label), TRUE);
  gtk_box_append (GTK_BOX (ends), s->min_entry);
  gtk_box_append (GTK_BOX (ends), GTK_WIDGET (s->range_label));
  gtk_box_append (GTK_BOX (ends), s->max_entry);
  gtk_box_append (GTK_BOX (s->box), ends);
  gtk_box_insert_child_after (GTK_BOX (field->box), s->box, line);

  if (range != NULL)
    min = range->min, max = range->max;
  else
    default_range (field, model_value (field), &min, &max);
  if (!(min < max))
    default_range (field, 0, &min, &max);
  set_range (s, min, max);
  gtk_widget_set_visible (s->box, range != NULL && range->open);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (s->button), range != NULL && range->open);
  g_signal_connect (s->button, "toggled", G_CALLBACK (button_toggled_cb), s);
  connected (s, s->button);
  _bg_inspector_whatif_update (field);
}

void
_bg_inspector_whatif_update (Field *field)
{
  WhatIfSlider *s = field->slider;
  BgInspector *self = field->self;
  gboolean available;

  if (s == NULL)
    return;
  available = self->model != NULL && self->model == self->what_if_model;
  gtk_widget_set_visible (s->button, available);
  gtk_widget_set_visible (s->box, available &&
                          gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (s->button)));
  if (!s->active)
    place_knob (s);
}

void
_bg_inspector_whatif_flush (BgInspector *self)
{
  for (guint i = 0; self->fields != NULL && i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);

      if (field->slider != NULL)
        slider_commit (field->slider);
    }
}

void
_bg_inspector_whatif_free (Field *field)
{
  WhatIfSlider *s = field->slider;

  if (s == NULL)
    return;
  g_clear_handle_id (&s->commit_source, g_source_remove);
  g_signal_handlers_disconnect_by_data (s->adjustment, s);
  for (guint i = 0; i < s->emitters->len; i++)
    g_signal_handlers_disconnect_by_data (g_ptr_array_index (s->emitters, i), s);
  g_ptr_array_unref (s->emitters);
  g_object_unref (s->adjustment);
  g_free (s->element);
  g_free (s);
  field->slider = NULL;
}

/* Public calls --------------------------------------------------------------------------- */

void
bg_inspector_set_what_if_model (BgInspector *self,
                                BgModel     *model)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));
  g_return_if_fail (model == NULL || BG_IS_MODEL (model));

  if (self->what_if_model == model)
    return;
  _bg_inspector_whatif_flush (self);
  g_set_object (&self->what_if_model, model);
  g_hash_table_remove_all (self->what_if_ranges);
  for (guint i = 0; i < self->fields->len; i++)
    _bg_inspector_whatif_update (g_ptr_array_index (self->fields, i));
}

GtkWidget *
bg_inspector_get_what_if_slider (BgInspector *self,
                                 const char  *name)
{
  Field *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), NULL);

  field = _bg_inspector_find_field (self, name);
  return field != NULL && field->slider != NULL ? GTK_WIDGET (field->slider->scale) : NULL;
}

GtkWidget *
bg_inspector_get_what_if_button (BgInspector *self,
                                 const char  *name)
{
  Field *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), NULL);

  field = _bg_inspector_find_field (self, name);
  return field != NULL && field->slider != NULL ? field->slider->button : NULL;
}
