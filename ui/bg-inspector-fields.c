/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector-fields.c — one field of the property editor.
 *
 * Owns: a field's widgets (caption, entry or drop-down with its unit
 * column, the message line under it), number parsing and formatting,
 * writing the model's value into a field (never over text being typed in
 * it) and applying what was typed: on Enter and on focus-out, each as one
 * undoable bg_model_* edit, a new waveform together with the levels and
 * times that depend on it; Escape puts the model's value back. A number
 * typed on after the old one ("1" became "10") says so under the field,
 * with the old value and Ctrl+Z. A refusal
 * shows the model's message, in the field's own words, under the field and
 * leaves the model alone. Must not: build or switch pages (bg-inspector.c
 * does), keep element pointers across edits, or edit the model other than
 * through bg_model_* calls.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-inspector-private.h"
#include "bg-definition.h"
#include "bg-unit-entry.h"
#include "bg-units.h"
#include "bg-waveform.h"

/* Numbers -------------------------------------------------------------- */

/* A number, with an optional SI prefix ("10k", "1,5 µ"): bg-unit-entry.c. */
gboolean
bg_inspector_parse_number (const char *text,
                           double     *value)
{
  g_return_val_if_fail (value != NULL, FALSE);

  return bg_unit_parse (text, NULL, value);
}

/* "1.5e+07" → "1.5e7", "1e-05" → "1e-5" */
static char *
tidy_exponent (const char *text)
{
  const char *e = strchr (text, 'e');
  GString *out;

  if (e == NULL)
    return g_strdup (text);

  out = g_string_new_len (text, e - text + 1);
  e++;
  if (*e == '-')
    g_string_append_c (out, *e++);
  else if (*e == '+')
    e++;
  while (*e == '0' && e[1] != '\0')
    e++;
  g_string_append (out, e);

  return g_string_free (out, FALSE);
}

char *
bg_inspector_format_number (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  for (int precision = 6; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }

  return tidy_exponent (buf);
}

/* Fields --------------------------------------------------------------- */

void
_bg_inspector_field_free (gpointer data)
{
  Field *field = data;

  _bg_inspector_whatif_free (field);
  g_free (field->name);
  g_free (field->caption);
  g_free (field->model_text);
  g_free (field);
}

Field *
_bg_inspector_find_field (BgInspector *self,
                          const char  *name)
{
  for (guint i = 0; i < self->fields->len; i++)
    {
      Field *field = g_ptr_array_index (self->fields, i);

      if (g_strcmp0 (field->name, name) == 0)
        return field;
    }

  return NULL;
}

void
_bg_inspector_field_show_error (Field      *field,
                  const char *message)
{
  gtk_label_set_text (field->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (field->error_label), TRUE);
  if (field->input != NULL)
    gtk_widget_add_css_class (field->input, "error");
}

static void
field_clear_error (Field *field)
{
  gtk_widget_set_visible (GTK_WIDGET (field->error_label), FALSE);
  gtk_label_set_text (field->error_label, "");
  if (field->input != NULL)
    gtk_widget_remove_css_class (field->input, "error");
}

/* The unit a number field reads ("s" for the run's times), or NULL. */
static const char *
field_unit (Field *field)
{
  if (field->pspec != NULL)
    return field->pspec->unit;
  return field->kind == FIELD_T_END || field->kind == FIELD_OUTPUT_STEP ? "s" : NULL;
}

static void
field_clear_hint (Field *field)
{
  if (field->hint_label == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (field->hint_label), FALSE);
  gtk_label_set_text (field->hint_label, "");
}

/* After a number field took NEW_TEXT where it showed OLD_TEXT: when the new
 * text is the old one with more typed after it, the hint under the field
 * says what it was, so a click that appended instead of replacing is seen. */
static void
field_note_appended (Field      *field,
                     const char *old_text,
                     const char *new_text,
                     double      value)
{
  g_autofree char *typed = g_strstrip (g_strdup (new_text));
  g_autofree char *hint = NULL;
  g_autofree char *was = NULL;
  g_autofree char *now = NULL;
  const char *unit = field_unit (field);
  g_autofree char *shown = bg_units_localize (unit);
  g_autofree char *russian = bg_units_to_russian (unit);

  if (field->hint_label == NULL || old_text == NULL || *old_text == '\0' ||
      strlen (typed) <= strlen (old_text) || !g_str_has_prefix (typed, old_text))
    return;
  was = *shown != '\0' ? g_strdup_printf ("%s %s", old_text, shown) : g_strdup (old_text);
  now = *shown != '\0' && strstr (typed, unit) == NULL && strstr (typed, russian) == NULL
        ? g_strdup_printf ("%s %s", typed, shown) : g_strdup (typed);
  /* TRANSLATORS: under a number field after typing went on after the old
   * value: "Was 1 N, now 10 N. Ctrl+Z undoes it." */
  hint = g_strdup_printf (_("Was %s, now %s. Ctrl+Z undoes it."), was, now);
  gtk_label_set_text (field->hint_label, hint);
  gtk_widget_set_visible (GTK_WIDGET (field->hint_label), TRUE);
  field->hint_value = value;
}

static gboolean
field_has_focus (Field *field)
{
  GtkRoot *root = gtk_widget_get_root (field->box);
  GtkWidget *focus;

  if (root == NULL)
    return FALSE;

  focus = gtk_root_get_focus (root);
  return focus != NULL &&
         (focus == field->box || gtk_widget_is_ancestor (focus, field->box));
}

BgElement *
_bg_inspector_get_element (BgInspector *self)
{
  if (self->model == NULL || self->element_id == NULL)
    return NULL;

  return bg_model_find_element (self->model, self->element_id);
}

static void
entry_activate_cb (GtkEntry *entry,
                   Field    *field)
{
  _bg_inspector_field_apply (field);
}

/* Leaving a field applies what was typed, never a text the model has not
 * seen changed (after an undo it shows the model's value again). */
static void
entry_focus_leave_cb (GtkEventControllerFocus *controller,
                      Field                   *field)
{
  if (field->edited)
    _bg_inspector_field_apply (field);
}

static void
entry_changed_cb (GtkEditable *editable,
                  Field       *field)
{
  if (!field->self->updating)
    {
      field->edited = TRUE;
      field_clear_hint (field);
    }
}

/* Escape puts the model's value back and drops the message. */
static gboolean
entry_key_pressed_cb (GtkEventControllerKey *controller,
                      guint                  keyval,
                      guint                  keycode,
                      GdkModifierType        state,
                      Field                 *field)
{
  if (keyval != GDK_KEY_Escape)
    return FALSE;

  field->self->updating = TRUE;
  _bg_inspector_field_update (field, TRUE);
  field->self->updating = FALSE;

  return TRUE;
}

void
_bg_inspector_connect_apply (GtkWidget *entry,
               Field     *field)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  g_signal_connect (entry, "activate", G_CALLBACK (entry_activate_cb), field);
  g_signal_connect (entry, "changed", G_CALLBACK (entry_changed_cb), field);
  bg_unit_entry_select_on_focus (entry);
  g_signal_connect (focus, "leave", G_CALLBACK (entry_focus_leave_cb), field);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (entry_key_pressed_cb), field);
  gtk_widget_add_controller (entry, focus);
  gtk_widget_add_controller (entry, keys);
}

GtkWidget *
_bg_inspector_make_caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "inspector-caption");
  return label;
}

GtkWidget *
_bg_inspector_make_dim_text (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  return label;
}

/* A labelled field: caption, input with its unit, the error line. */
Field *
_bg_inspector_add_field (BgInspector *self,
                         GtkBox      *group,
                         FieldKind    kind,
                         const char  *name,
                         const char  *caption,
                         GtkWidget   *input,
                         const char  *unit)
{
  Field *field = g_new0 (Field, 1);
  GtkWidget *error = gtk_label_new (NULL);

  field->self = self;
  field->kind = kind;
  field->name = g_strdup (name);
  field->caption = g_strdup (caption);
  field->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  field->input = input;
  field->error_label = GTK_LABEL (error);

  field->caption_label = GTK_LABEL (_bg_inspector_make_caption (caption));
  gtk_box_append (GTK_BOX (field->box), GTK_WIDGET (field->caption_label));

  if (input != NULL)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      gtk_widget_set_hexpand (input, TRUE);
      gtk_box_append (GTK_BOX (line), input);
      /* numbers get a unit column, empty or not, so they line up */
      if (kind == FIELD_NUMBER || kind >= FIELD_T_END)
        {
          g_autofree char *shown = bg_units_localize (unit);
          GtkWidget *unit_label = gtk_label_new (shown);

          gtk_widget_add_css_class (unit_label, "dim-label");
          gtk_widget_add_css_class (unit_label, "inspector-unit");
          gtk_label_set_xalign (GTK_LABEL (unit_label), 0);
          gtk_box_append (GTK_BOX (line), unit_label);
        }
      gtk_box_append (GTK_BOX (field->box), line);
      if (GTK_IS_ENTRY (input))
        _bg_inspector_connect_apply (input, field);
    }

  gtk_label_set_xalign (field->error_label, 0);
  gtk_label_set_wrap (field->error_label, TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_add_css_class (error, "caption");
  gtk_widget_set_visible (error, FALSE);
  gtk_box_append (GTK_BOX (field->box), error);
  if (kind == FIELD_NUMBER || kind >= FIELD_T_END)
    {
      GtkWidget *hint = gtk_label_new (NULL);

      field->hint_label = GTK_LABEL (hint);
      gtk_label_set_xalign (field->hint_label, 0);
      gtk_label_set_wrap (field->hint_label, TRUE);
      gtk_widget_add_css_class (hint, "dim-label");
      gtk_widget_add_css_class (hint, "caption");
      gtk_widget_add_css_class (hint, "inspector-hint");
      gtk_widget_set_visible (hint, FALSE);
      gtk_box_append (GTK_BOX (field->box), hint);
    }

  gtk_box_append (group, field->box);
  g_ptr_array_add (self->fields, field);

  return field;
}

GtkWidget *
_bg_inspector_make_entry (const char *placeholder)
{
  GtkWidget *entry = gtk_entry_new ();

  if (placeholder != NULL)
    gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  return entry;
}

static void
entry_set_text (GtkWidget  *entry,
                const char *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (entry)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (entry), text);
}

const char *
_bg_inspector_choice_display_name (const char *word)
{
  if (g_strcmp0 (word, "constant") == 0)
    return _("Constant");
  if (g_strcmp0 (word, "step") == 0)
    return _("Step");
  if (g_strcmp0 (word, "ramp") == 0)
    return _("Ramp");
  if (g_strcmp0 (word, "sine") == 0)
    return _("Sine");
  if (g_strcmp0 (word, "pulse") == 0)
    return _("Pulse train");
  if (g_strcmp0 (word, "table") == 0)
    return _("Table of points");
  return word;
}

static gboolean apply_waveform (BgInspector *self, BgElement *element,
                                const char *waveform, GError **error);

/* Writing model values into the form ------------------------------------ */

static gboolean
field_visible (Field     *field,
               BgElement *element)
{
  if (field->pspec == NULL)
    return TRUE;
  return bg_param_is_visible (element->spec, field->pspec, element->params);
}

void
_bg_inspector_field_update (Field    *field,
              gboolean  force)
{
  BgInspector *self = field->self;
  BgElement *element = _bg_inspector_get_element (self);
  const BgSimSettings *settings = bg_model_get_simulation (self->model);
  g_autofree char *text = NULL;

  if (element != NULL)
    gtk_widget_set_visible (field->box, field_visible (field, element));
  if (element != NULL && field->reset_button != NULL)
    _bg_inspector_instance_field_update (field, element);
  /* a waveform's levels and times say what they are for it ("Force
   * before the step") */
  if (element != NULL && field->pspec != NULL && field->caption_label != NULL
      && bg_definition_of_spec (element->spec) == NULL)
    {
      g_autofree char *caption = bg_wave_param_label (element->spec, field->pspec,
                                                      element->params);

      if (g_strcmp0 (caption, field->caption) != 0)
        {
          gtk_label_set_text (field->caption_label, caption);
          g_free (field->caption);
          field->caption = g_steal_pointer (&caption);
        }
    }

  if (!force && field->edited && field_has_focus (field))
    return;

  switch (field->kind)
    {
    case FIELD_ID:
      text = g_strdup (element->id);
      break;
    case FIELD_LABEL:
      text = g_strdup (element->label != NULL ? element->label : "");
      break;
    case FIELD_NUMBER:
      text = bg_inspector_format_number (element->params[field->index].number);
      break;
    case FIELD_CHOICE:
      {
        const char *choice = element->params[field->index].choice;

        for (guint i = 0; field->pspec->choices[i] != NULL; i++)
          if (g_strcmp0 (field->pspec->choices[i], choice) == 0)
            gtk_drop_down_set_selected (GTK_DROP_DOWN (field->input), i);
      }
      break;
    case FIELD_TABLE:
      _bg_inspector_table_fill (field, &element->params[field->index]);
      break;
    case FIELD_DOMAIN_S:
      gtk_drop_down_set_selected (GTK_DROP_DOWN (field->input),
                                  element->spec->ports[1].domain - BG_DOMAIN_FIRST);
      break;
    case FIELD_MODEL_NAME:
      text = g_strdup (bg_model_get_name (self->model) != NULL
                       ? bg_model_get_name (self->model) : "");
      break;
    case FIELD_T_END:
      text = bg_inspector_format_number (settings->t_end);
      break;
    case FIELD_OUTPUT_STEP:
      text = settings->output_step > 0
             ? bg_inspector_format_number (settings->output_step) : g_strdup ("");
      break;
    case FIELD_RTOL:
      text = bg_inspector_format_number (settings->rtol);
      break;
    case FIELD_ATOL:
      text = settings->atol > 0
             ? bg_inspector_format_number (settings->atol) : g_strdup ("");
      break;
    default:
      g_assert_not_reached ();
    }

  if (text != NULL)
    {
      double shown;

      entry_set_text (field->input, text);
      g_free (field->model_text);
      field->model_text = g_strdup (text);
      if (!bg_inspector_parse_number (text, &shown) || shown != field->hint_value)
        field_clear_hint (field);
    }
  field->edited = FALSE;
  field_clear_error (field);
  _bg_inspector_whatif_update (field);
}

void
_bg_inspector_update_fields (BgInspector *self)
{
  self->updating = TRUE;
  for (guint i = 0; i < self->fields->len; i++)
    _bg_inspector_field_update (g_ptr_array_index (self->fields, i), FALSE);
  self->updating = FALSE;
}

/* Applying the form to the model ---------------------------------------- */

static gboolean
apply_element_field (Field   *field,
                     GError **error)
{
  BgInspector *self = field->self;
  BgElement *element = _bg_inspector_get_element (self);
  const char *text = NULL;
  double number;

  if (element == NULL)
    return TRUE;

  if (field->input != NULL && GTK_IS_EDITABLE (field->input))
    text = gtk_editable_get_text (GTK_EDITABLE (field->input));

  switch (field->kind)
    {
    case FIELD_ID:
      {
        g_autofree char *id = g_strstrip (g_strdup (text));
        g_autofree char *old_id = NULL;

        if (g_str_equal (id, element->id))
          return TRUE;
        old_id = g_strdup (element->id);
        if (!bg_model_rename_element (self->model, old_id, id, error))
          return FALSE;
        g_free (self->element_id);
        self->element_id = g_strdup (id);
        if (self->wave_preview != NULL)
          bg_wave_preview_set_element_id (self->wave_preview, id);
        _bg_inspector_emit_renamed (self, id);
        return TRUE;
      }

    case FIELD_LABEL:
      {
        g_autofree char *label = g_strstrip (g_strdup (text));

        if (g_strcmp0 (label, element->label != NULL ? element->label : "") == 0)
          return TRUE;
        return bg_model_set_label (self->model, element->id,
                                   label[0] != '\0' ? label : NULL, error);
      }

    case FIELD_NUMBER:
      {
        g_autofree char *refusal = NULL;

        if (!bg_unit_parse (text, field->pspec->unit, &number))
          {
            g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                 _("Enter a number, such as 0.001, 0,001 or 1e-3, with an SI prefix if you like (10k, 2 m)."));
            return FALSE;
          }
        /* the limit in the user's words, not the file's "C1.value" */
        refusal = bg_unit_dup_limit_message (field->pspec, number);
        if (refusal != NULL)
          {
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s.", refusal);
            return FALSE;
          }
      }
      if (number == element->params[field->index].number)
        return TRUE;
      return bg_model_set_param_number (self->model, element->id,
                                        field->pspec->name, number, error);

    case FIELD_CHOICE:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (field->input));
        BgParamValue value = { BG_PARAM_CHOICE, 0, NULL, NULL };

        if (selected == GTK_INVALID_LIST_POSITION)
          return TRUE;
        value.choice = (char *) field->pspec->choices[selected];
        if (bg_param_value_equal (&value, &element->params[field->index]))
          return TRUE;
        if (g_str_equal (field->pspec->name, "waveform"))
          return apply_waveform (self, element, value.choice, error);
        return bg_model_set_param (self->model, element->id,
                                   field->pspec->name, &value, error);
      }

    case FIELD_TABLE:
      {
        g_autoptr(GArray) numbers = _bg_inspector_table_collect (field, error);
        BgParamValue value = { BG_PARAM_TABLE, 0, NULL, NULL };

        if (numbers == NULL)
          return FALSE;
        value.table = numbers;
        if (bg_param_value_equal (&value, &element->params[field->index]))
          return TRUE;
        return bg_model_set_param (self->model, element->id,
                                   field->pspec->name, &value, error);
      }

    case FIELD_DOMAIN_S:
      {
        guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (field->input));

        if (selected == GTK_INVALID_LIST_POSITION)
          return TRUE;
        return bg_model_set_domain_s (self->model, element->id,
                                      (BgDomain) (BG_DOMAIN_FIRST + selected), error);
      }

    case FIELD_MODEL_NAME:
    case FIELD_T_END:
    case FIELD_OUTPUT_STEP:
    case FIELD_RTOL:
    case FIELD_ATOL:
    default:
      g_assert_not_reached ();
    }

  return TRUE;
}

/* A new waveform, as one step with the levels and times that depend on it
 * where they still hold the old one's defaults (a pulse from 0 s up to 1,
 * a step up from rest: bg_wave_switch_numbers). */
#define MAX_SWITCHED 4

static gboolean
apply_waveform (BgInspector *self,
                BgElement   *element,
                const char  *waveform,
                GError     **error)
{
  const char *names[1 + MAX_SWITCHED] = { "waveform" };
  BgParamValue values[1 + MAX_SWITCHED] = { { BG_PARAM_CHOICE, 0, (char *) waveform, NULL } };
  double numbers[MAX_SWITCHED];
  guint n = bg_wave_switch_numbers (element->spec, element->params, waveform,
                                    names + 1, numbers, MAX_SWITCHED);

  for (guint i = 0; i < n; i++)
    values[1 + i] = (BgParamValue) { BG_PARAM_NUMBER, numbers[i], NULL, NULL };
  return bg_model_set_params (self->model, element->id, names, values, 1 + n, error);
}

static gboolean
apply_settings_field (Field   *field,
                      GError **error)
{
  BgInspector *self = field->self;
  BgSimSettings settings = *bg_model_get_simulation (self->model);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (field->input));
  gboolean automatic = field->kind == FIELD_OUTPUT_STEP || field->kind == FIELD_ATOL;
  g_autofree char *trimmed = NULL;
  double number = 0;
  double *slot = NULL;

  if (field->kind == FIELD_MODEL_NAME)
    {
      g_autofree char *name = g_strstrip (g_strdup (text));

      if (g_strcmp0 (name, bg_model_get_name (self->model) != NULL
                           ? bg_model_get_name (self->model) : "") == 0)
        return TRUE;
      return bg_model_set_name (self->model, name, error);
    }

  trimmed = g_strstrip (g_strdup (text));
  if (automatic && trimmed[0] == '\0')
    number = 0;
  else if (!bg_unit_parse (trimmed, field->kind <= FIELD_OUTPUT_STEP ? "s" : NULL, &number))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           automatic
                           ? _("Enter a number, such as 0.001 or 1e-3, or leave it empty for automatic.")
                           : _("Enter a number, such as 0.001, 0,001 or 1e-3, with an SI prefix if you like (10k, 2 m)."));
      return FALSE;
    }

  switch (field->kind)
    {
    case FIELD_T_END:       slot = &settings.t_end; break;
    case FIELD_OUTPUT_STEP: slot = &settings.output_step; break;
    case FIELD_RTOL:        slot = &settings.rtol; break;
    case FIELD_ATOL:        slot = &settings.atol; break;
    default:
      g_assert_not_reached ();
    }

  if (*slot == number)
    return TRUE;
  *slot = number;

  return bg_model_set_simulation (self->model, &settings, error);
}

void
_bg_inspector_field_apply (Field *field)
{
  BgInspector *self = field->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *old_text = NULL;
  g_autofree char *typed = NULL;
  gboolean ok;

  if (self->clearing || self->updating || self->applying || self->model == NULL)
    return;

  if (field->hint_label != NULL)
    {
      old_text = g_strdup (field->model_text);
      typed = g_strdup (gtk_editable_get_text (GTK_EDITABLE (field->input)));
    }
  self->applying = TRUE;
  if (field->kind <= FIELD_DOMAIN_S)
    ok = apply_element_field (field, &error);
  else
    ok = apply_settings_field (field, &error);
  self->applying = FALSE;

  if (ok)
    {
      const char *unit = field_unit (field);
      double before, after;

      field->edited = FALSE;
      field_clear_error (field);
      if (typed != NULL && old_text != NULL &&
          bg_unit_parse (typed, unit, &after) && bg_unit_parse (old_text, unit, &before) &&
          after != before)
        field_note_appended (field, old_text, typed, after);
    }
  else
    {
      /* the model names the place ("C1.value: must be > 0", "t_end: …");
       * the form says the field's own name instead */
      const char *rule = strstr (error->message, ": ");
      g_autofree char *message = NULL;

      if (rule != NULL && error->domain != G_IO_ERROR && field->caption != NULL &&
          memchr (error->message, ' ', rule - error->message) == NULL)
        message = g_strdup_printf ("%s: %s", field->caption, rule + 2);
      _bg_inspector_field_show_error (field, message != NULL ? message : error->message);
    }
}

void
_bg_inspector_choice_selected_cb (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    Field       *field)
{
  _bg_inspector_field_apply (field);
}
