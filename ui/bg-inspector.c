/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector.c — the property editor (right sidebar).
 *
 * Owns: one form at a time, made from the selection and the model: element
 * (id, label, parameters), bond (ends and arrow commands), several items, or
 * the simulation settings. Fields apply on Enter and on focus-out, each as one
 * bg_model_* edit; a refusal shows the model's message under the field and
 * leaves the model alone. Model changes refresh the fields in place (never the
 * one being typed in). Must not: keep element pointers across edits, edit the
 * model other than through bg_model_* calls, or know about the canvas.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-inspector.h"
#include "bg-unit-entry.h"
#include "bg-waveform.h"
#include "bg-wave-preview.h"

typedef enum
{
  FIELD_ID,
  FIELD_LABEL,
  FIELD_NUMBER,
  FIELD_CHOICE,
  FIELD_TABLE,
  FIELD_DOMAIN_S,
  FIELD_MODEL_NAME,
  FIELD_T_END,
  FIELD_OUTPUT_STEP,
  FIELD_RTOL,
  FIELD_ATOL,
} FieldKind;

typedef enum
{
  PAGE_NONE,
  PAGE_SETTINGS,
  PAGE_ELEMENT,
  PAGE_BOND,
  PAGE_MANY,
} PageKind;

typedef struct
{
  BgInspector       *self;
  FieldKind          kind;
  char              *name;
  const BgParamSpec *pspec;     /* parameters only */
  guint              index;     /* parameter index in the spec */
  GtkWidget         *box;       /* the whole field (hidden by visible_if) */
  GtkWidget         *input;     /* GtkEntry or GtkDropDown; NULL for tables */
  GtkWidget         *rows_box;  /* tables: one GtkBox per row */
  GtkLabel          *error_label;
  char              *caption;   /* the field's name for messages */
  /* the text differs from what the model last showed or took: only then
   * does a model change leave it alone, and only then does it apply */
  gboolean           edited;
} Field;

struct _BgInspector
{
  GtkWidget              parent_instance;

  BgModel               *model;
  BgCausality           *causality;
  GStrv                  selection;

  PageKind               page;
  char                  *element_id;  /* PAGE_ELEMENT */
  const BgComponentSpec *spec;        /* PAGE_ELEMENT */
  char                  *bond_id;     /* PAGE_BOND */
  GPtrArray             *fields;      /* Field* of the current page */

  guint                  refresh_idle;
  gboolean               applying;    /* inside a model edit of ours */
  gboolean               updating;    /* writing model values into widgets */
  gboolean               clearing;    /* tearing the form down */

  GtkBox                *content;
  BgWavePreview         *wave_preview; /* PAGE_ELEMENT of a source, or NULL */
};

G_DEFINE_FINAL_TYPE (BgInspector, bg_inspector, GTK_TYPE_WIDGET)

enum {
  ELEMENT_RENAMED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void bg_inspector_rebuild (BgInspector *self);
static void field_apply          (Field       *field);

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

static void
field_free (gpointer data)
{
  Field *field = data;

  g_free (field->name);
  g_free (field->caption);
  g_free (field);
}

static Field *
bg_inspector_find_field (BgInspector *self,
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

static void
field_show_error (Field      *field,
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

static BgElement *
bg_inspector_get_element (BgInspector *self)
{
  if (self->model == NULL || self->element_id == NULL)
    return NULL;

  return bg_model_find_element (self->model, self->element_id);
}

static void
entry_activate_cb (GtkEntry *entry,
                   Field    *field)
{
  field_apply (field);
}

/* Leaving a field applies what was typed, never a text the model has not
 * seen changed (after an undo it shows the model's value again). */
static void
entry_focus_leave_cb (GtkEventControllerFocus *controller,
                      Field                   *field)
{
  if (field->edited)
    field_apply (field);
}

static void
entry_changed_cb (GtkEditable *editable,
                  Field       *field)
{
  if (!field->self->updating)
    field->edited = TRUE;
}

static void field_update (Field *field, gboolean force);

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
  field_update (field, TRUE);
  field->self->updating = FALSE;

  return TRUE;
}

static void
connect_apply (GtkWidget *entry,
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

static GtkWidget *
make_caption (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "inspector-caption");
  return label;
}

static GtkWidget *
make_dim_text (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  return label;
}

/* A labelled field: caption, input with its unit, the error line. */
static Field *
bg_inspector_add_field (BgInspector *self,
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

  gtk_box_append (GTK_BOX (field->box), make_caption (caption));

  if (input != NULL)
    {
      GtkWidget *line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      gtk_widget_set_hexpand (input, TRUE);
      gtk_box_append (GTK_BOX (line), input);
      /* numbers get a unit column, empty or not, so they line up */
      if (kind == FIELD_NUMBER || kind >= FIELD_T_END)
        {
          GtkWidget *unit_label = gtk_label_new (unit);

          gtk_widget_add_css_class (unit_label, "dim-label");
          gtk_widget_add_css_class (unit_label, "inspector-unit");
          gtk_label_set_xalign (GTK_LABEL (unit_label), 0);
          gtk_box_append (GTK_BOX (line), unit_label);
        }
      gtk_box_append (GTK_BOX (field->box), line);
      if (GTK_IS_ENTRY (input))
        connect_apply (input, field);
    }

  gtk_label_set_xalign (field->error_label, 0);
  gtk_label_set_wrap (field->error_label, TRUE);
  gtk_widget_add_css_class (error, "error");
  gtk_widget_add_css_class (error, "caption");
  gtk_widget_set_visible (error, FALSE);
  gtk_box_append (GTK_BOX (field->box), error);

  gtk_box_append (group, field->box);
  g_ptr_array_add (self->fields, field);

  return field;
}

static GtkWidget *
make_entry (const char *placeholder)
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

static const char *
choice_display_name (const char *word)
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

/* Tables --------------------------------------------------------------- */

static void table_remove_row_cb (GtkButton *button, Field *field);
static void table_paste_clicked_cb (GtkButton *button, Field *field);

static void
table_add_row (Field  *field,
               double *values)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

  for (guint c = 0; c < 2; c++)
    {
      GtkWidget *entry = gtk_entry_new ();

      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 6);
      gtk_widget_set_hexpand (entry, TRUE);
      if (values != NULL)
        {
          g_autofree char *text = bg_inspector_format_number (values[c]);
          gtk_editable_set_text (GTK_EDITABLE (entry), text);
        }
      connect_apply (entry, field);
      gtk_box_append (GTK_BOX (row), entry);
    }

  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove this row"));
  g_signal_connect (remove, "clicked", G_CALLBACK (table_remove_row_cb), field);
  gtk_box_append (GTK_BOX (row), remove);

  gtk_box_append (GTK_BOX (field->rows_box), row);
}

static void
table_fill (Field              *field,
            const BgParamValue *value)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (field->rows_box)) != NULL)
    gtk_box_remove (GTK_BOX (field->rows_box), child);

  for (guint r = 0; value->table != NULL && 2 * r + 1 < value->table->len; r++)
    table_add_row (field, &g_array_index (value->table, double, 2 * r));
}

static void
table_remove_row_cb (GtkButton *button,
                     Field     *field)
{
  GtkWidget *row = gtk_widget_get_parent (GTK_WIDGET (button));

  field->self->clearing = TRUE;
  gtk_box_remove (GTK_BOX (field->rows_box), row);
  field->self->clearing = FALSE;
  field_apply (field);
}

static void
table_add_clicked_cb (GtkButton *button,
                      Field     *field)
{
  GtkWidget *last;

  table_add_row (field, NULL);
  last = gtk_widget_get_last_child (field->rows_box);
  gtk_widget_grab_focus (gtk_widget_get_first_child (last));
}

/* Paste from CSV: the clipboard text replaces the table in one step. The
 * field may be gone when the text arrives, so the reply finds it by name. */
typedef struct
{
  BgInspector *self;
  char        *name;
} PasteRequest;

void
bg_inspector_paste_table_text (BgInspector *self,
                               const char  *name,
                               const char  *text)
{
  Field *field = bg_inspector_find_field (self, name);
  BgElement *element = bg_inspector_get_element (self);
  g_autoptr(GError) error = NULL;
  BgParamValue value = { BG_PARAM_TABLE, 0, NULL, NULL };

  g_return_if_fail (BG_IS_INSPECTOR (self));

  if (field == NULL || element == NULL || field->kind != FIELD_TABLE)
    return;
  value.table = text != NULL ? bg_param_table_from_text (text, &error) : NULL;
  if (value.table == NULL && error == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("The clipboard holds no text"));
  self->applying = TRUE;
  if (value.table != NULL)
    bg_model_set_param (self->model, element->id, name, &value, &error);
  self->applying = FALSE;
  bg_param_value_clear (&value);
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Paste: %s"), error->message);

      field_show_error (field, message);
      return;
    }
  field_update (field, TRUE);
}

static void
table_paste_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  PasteRequest *request = data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);

  bg_inspector_paste_table_text (request->self, request->name, text);
  g_object_unref (request->self);
  g_free (request->name);
  g_free (request);
}

static void
table_paste_clicked_cb (GtkButton *button,
                        Field     *field)
{
  PasteRequest *request = g_new0 (PasteRequest, 1);

  request->self = g_object_ref (field->self);
  request->name = g_strdup (field->name);
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (button)), NULL,
                                 table_paste_done_cb, request);
}

/* Reads the table rows; blank rows are skipped. */
static GArray *
table_collect (Field   *field,
               GError **error)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (double));
  guint r = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (field->rows_box);
       row != NULL;
       row = gtk_widget_get_next_sibling (row), r++)
    {
      GtkWidget *e0 = gtk_widget_get_first_child (row);
      GtkWidget *e1 = gtk_widget_get_next_sibling (e0);
      const char *t0 = gtk_editable_get_text (GTK_EDITABLE (e0));
      const char *t1 = gtk_editable_get_text (GTK_EDITABLE (e1));
      double v[2];

      if (t0[0] == '\0' && t1[0] == '\0')
        continue;

      if (!bg_inspector_parse_number (t0, &v[0]) ||
          !bg_inspector_parse_number (t1, &v[1]))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       _("Row %u: enter two numbers, such as 1.5e7 and 0.0001."),
                       r + 1);
          return NULL;
        }
      g_array_append_vals (numbers, v, 2);
    }

  return g_steal_pointer (&numbers);
}

/* Writing model values into the form ------------------------------------ */

static gboolean
field_visible (Field     *field,
               BgElement *element)
{
  if (field->pspec == NULL)
    return TRUE;
  return bg_param_is_visible (element->spec, field->pspec, element->params);
}

static void
field_update (Field    *field,
              gboolean  force)
{
  BgInspector *self = field->self;
  BgElement *element = bg_inspector_get_element (self);
  const BgSimSettings *settings = bg_model_get_simulation (self->model);
  g_autofree char *text = NULL;

  if (element != NULL)
    gtk_widget_set_visible (field->box, field_visible (field, element));

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
      table_fill (field, &element->params[field->index]);
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
    entry_set_text (field->input, text);
  field->edited = FALSE;
  field_clear_error (field);
}

static void
bg_inspector_update_fields (BgInspector *self)
{
  self->updating = TRUE;
  for (guint i = 0; i < self->fields->len; i++)
    field_update (g_ptr_array_index (self->fields, i), FALSE);
  self->updating = FALSE;
}

/* Applying the form to the model ---------------------------------------- */

static gboolean
apply_element_field (Field   *field,
                     GError **error)
{
  BgInspector *self = field->self;
  BgElement *element = bg_inspector_get_element (self);
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
        g_signal_emit (self, signals[ELEMENT_RENAMED], 0, id);
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
        g_autoptr(GArray) numbers = table_collect (field, error);
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
 * (a pulse from 0 s up to 1) where they still hold the old one's defaults. */
static gboolean
apply_waveform (BgInspector *self,
                BgElement   *element,
                const char  *waveform,
                GError     **error)
{
  const BgComponentSpec *spec = element->spec;
  const char *names[3] = { "waveform", NULL, NULL };
  BgParamValue values[3] = { { BG_PARAM_CHOICE, 0, (char *) waveform, NULL } };
  guint n = 1, form;

  bg_component_spec_find_param (spec, "waveform", &form);
  for (guint i = 0; i < spec->n_params && n < 3; i++)
    {
      const char *name = spec->params[i].name;
      double old_default = spec->params[i].default_number;
      double new_default = old_default;

      if (spec->params[i].kind != BG_PARAM_NUMBER)
        continue;
      bg_wave_default_for (element->params[form].choice, name, &old_default);
      bg_wave_default_for (waveform, name, &new_default);
      if (old_default == new_default || element->params[i].number != old_default)
        continue;
      names[n] = name;
      values[n] = (BgParamValue) { BG_PARAM_NUMBER, new_default, NULL, NULL };
      n++;
    }
  return bg_model_set_params (self->model, element->id, names, values, n, error);
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

static void
field_apply (Field *field)
{
  BgInspector *self = field->self;
  g_autoptr(GError) error = NULL;
  gboolean ok;

  if (self->clearing || self->updating || self->applying || self->model == NULL)
    return;

  self->applying = TRUE;
  if (field->kind <= FIELD_DOMAIN_S)
    ok = apply_element_field (field, &error);
  else
    ok = apply_settings_field (field, &error);
  self->applying = FALSE;

  if (ok)
    {
      field->edited = FALSE;
      field_clear_error (field);
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
      field_show_error (field, message != NULL ? message : error->message);
    }
}

static void
choice_selected_cb (GtkDropDown *dropdown,
                    GParamSpec  *pspec,
                    Field       *field)
{
  field_apply (field);
}

/* Pages ------------------------------------------------------------------ */

static void
bg_inspector_clear (BgInspector *self)
{
  GtkWidget *child;

  self->clearing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->content))) != NULL)
    gtk_box_remove (self->content, child);
  self->clearing = FALSE;

  g_ptr_array_set_size (self->fields, 0);
  self->wave_preview = NULL;
  g_clear_pointer (&self->element_id, g_free);
  g_clear_pointer (&self->bond_id, g_free);
  self->spec = NULL;
  self->page = PAGE_NONE;
}

static GtkBox *
bg_inspector_add_header (BgInspector *self,
                         const char  *title,
                         const char  *subtitle,
                         const char  *description)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-4");
  gtk_box_append (GTK_BOX (box), label);

  if (subtitle != NULL)
    {
      label = gtk_label_new (subtitle);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (box), label);
    }

  if (description != NULL)
    {
      label = make_dim_text (description);
      gtk_widget_set_margin_top (label, 4);
      gtk_box_append (GTK_BOX (box), label);
    }

  gtk_box_append (self->content, box);
  return GTK_BOX (box);
}

static GtkBox *
bg_inspector_add_group (BgInspector *self,
                        const char  *heading)
{
  GtkWidget *group = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);

  if (heading != NULL)
    {
      GtkWidget *label = gtk_label_new (heading);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (group), label);
    }

  gtk_box_append (self->content, group);
  return GTK_BOX (group);
}

static void
bg_inspector_add_param_field (BgInspector       *self,
                              GtkBox            *group,
                              const BgParamSpec *pspec,
                              guint              index)
{
  const char *caption = g_dgettext (GETTEXT_PACKAGE, pspec->label);
  Field *field;

  switch (pspec->kind)
    {
    case BG_PARAM_NUMBER:
      field = bg_inspector_add_field (self, group, FIELD_NUMBER, pspec->name,
                                      caption, make_entry (NULL), pspec->unit);
      break;

    case BG_PARAM_CHOICE:
      {
        g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
        GtkWidget *dropdown;

        for (guint i = 0; pspec->choices[i] != NULL; i++)
          gtk_string_list_append (names, choice_display_name (pspec->choices[i]));
        dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
        field = bg_inspector_add_field (self, group, FIELD_CHOICE, pspec->name,
                                        caption, dropdown, NULL);
        g_signal_connect (dropdown, "notify::selected",
                          G_CALLBACK (choice_selected_cb), field);
      }
      break;

    case BG_PARAM_TABLE:
      {
        GtkWidget *headers = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
        GtkWidget *add = gtk_button_new_with_mnemonic (_("_Add Row"));
        const char *titles[2] = {
          pspec->column_labels[0] != NULL ? _(pspec->column_labels[0]) : "x",
          pspec->column_labels[1] != NULL ? _(pspec->column_labels[1]) : "y",
        };

        field = bg_inspector_add_field (self, group, FIELD_TABLE, pspec->name,
                                        caption, NULL, NULL);
        for (guint c = 0; c < 2; c++)
          {
            GtkWidget *title = gtk_label_new (titles[c]);

            gtk_label_set_xalign (GTK_LABEL (title), 0);
            gtk_widget_set_hexpand (title, TRUE);
            gtk_widget_add_css_class (title, "dim-label");
            gtk_widget_add_css_class (title, "caption");
            gtk_box_append (GTK_BOX (headers), title);
          }
        /* keep the titles over the entries, not over the remove buttons */
        gtk_widget_set_margin_end (headers, 38);
        field->rows_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
        g_signal_connect (add, "clicked", G_CALLBACK (table_add_clicked_cb), field);
        {
          GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
          GtkWidget *paste = gtk_button_new_with_mnemonic (_("_Paste CSV"));

          gtk_widget_set_tooltip_text (paste, _("Replace the rows with two columns "
                                                "copied from a spreadsheet or a CSV file"));
          g_signal_connect (paste, "clicked", G_CALLBACK (table_paste_clicked_cb), field);
          gtk_box_append (GTK_BOX (buttons), add);
          gtk_box_append (GTK_BOX (buttons), paste);
          add = buttons;
        }
        gtk_widget_set_halign (add, GTK_ALIGN_START);

        gtk_widget_insert_before (headers, field->box,
                                  GTK_WIDGET (field->error_label));
        gtk_widget_insert_before (field->rows_box, field->box,
                                  GTK_WIDGET (field->error_label));
        gtk_widget_insert_before (add, field->box,
                                  GTK_WIDGET (field->error_label));
      }
      break;

    default:
      g_assert_not_reached ();
    }

  field->pspec = pspec;
  field->index = index;
}

/* A gyrator's S side may be in another domain (docs/file-format.md `domain_s`). */
static void
bg_inspector_add_domain_s_field (BgInspector *self,
                                 GtkBox      *group)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GtkWidget *dropdown;
  Field *field;

  for (BgDomain d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    gtk_string_list_append (names, bg_domain_display_name (d));
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL);
  field = bg_inspector_add_field (self, group, FIELD_DOMAIN_S, "domain_s",
                                  _("Domain of port S"), dropdown, NULL);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (choice_selected_cb), field);
}

/* The header's "?": the component reference at this element's page. */
static void
reference_clicked_cb (GtkButton *button,
                      gpointer   user_data)
{
  gtk_widget_activate_action_variant (GTK_WIDGET (button), "win.component-reference",
                                      g_variant_new_string (g_object_get_data (G_OBJECT (button),
                                                                               "bg-target")));
}

static void
bg_inspector_build_element (BgInspector *self,
                            BgElement   *element)
{
  const BgComponentSpec *spec = element->spec;
  g_autofree char *subtitle = NULL;
  BgDomain domain = spec->domain;
  GtkBox *group;
  GtkWidget *help = gtk_button_new_with_label ("?");
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title;

  self->page = PAGE_ELEMENT;
  self->element_id = g_strdup (element->id);
  self->spec = spec;

  if (domain == BG_DOMAIN_NONE && spec->n_ports > 0)
    domain = spec->ports[0].domain;
  subtitle = g_strdup_printf ("%s · %s", spec->type, bg_domain_display_name (domain));
  group = bg_inspector_add_header (self, bg_component_spec_display_name (spec), subtitle,
                                   spec->description != NULL
                                   ? g_dgettext (GETTEXT_PACKAGE, spec->description) : NULL);
  /* the "?" beside the title */
  gtk_widget_set_tooltip_text (help, _("Component reference for this element"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (help), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Component reference for this element"), -1);
  gtk_widget_add_css_class (help, "circular");
  gtk_widget_set_valign (help, GTK_ALIGN_START);
  g_object_set_data_full (G_OBJECT (help), "bg-target",
                          g_strdup_printf ("%s:%s", spec->type, bg_domain_to_id (domain)), g_free);
  g_signal_connect (help, "clicked", G_CALLBACK (reference_clicked_cb), NULL);
  title = g_object_ref (gtk_widget_get_first_child (GTK_WIDGET (group)));
  gtk_box_remove (group, title);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (header), title);
  g_object_unref (title);
  gtk_box_append (GTK_BOX (header), help);
  gtk_box_prepend (group, header);

  group = bg_inspector_add_group (self, NULL);
  bg_inspector_add_field (self, group, FIELD_ID, "id", _("Name"),
                          make_entry (NULL), NULL);
  bg_inspector_add_field (self, group, FIELD_LABEL, "label", _("Label"),
                          make_entry (_("Optional text shown on the canvas")), NULL);

  group = bg_inspector_add_group (self, _("Parameters"));
  if (spec->n_params == 0)
    gtk_box_append (group, make_dim_text (_("This component has no parameters.")));
  for (guint i = 0; i < spec->n_params; i++)
    bg_inspector_add_param_field (self, group, &spec->params[i], i);
  if (bg_component_spec_find_param (spec, "waveform", NULL) != NULL)
    {
      GtkWidget *preview = bg_wave_preview_new (self->model, element->id,
                                                spec->waveform_param != NULL
                                                ? spec->waveform_param : "value");

      gtk_box_append (group, make_caption (_("Input u(t) over the run")));
      gtk_box_append (group, preview);
      self->wave_preview = BG_WAVE_PREVIEW (preview);
    }
  if (spec->has_domain_s)
    bg_inspector_add_domain_s_field (self, group);

  bg_inspector_update_fields (self);
}

static void
bond_reverse_clicked_cb (GtkButton   *button,
                         BgInspector *self)
{
  g_autoptr(GError) error = NULL;

  if (self->bond_id != NULL &&
      !bg_model_reverse_arrow (self->model, self->bond_id, &error))
    g_warning ("%s", error->message);
}

static void
bond_flip_clicked_cb (GtkButton   *button,
                      BgInspector *self)
{
  g_autoptr(GError) error = NULL;

  if (self->bond_id != NULL &&
      !bg_model_flip_bond_direction (self->model, self->bond_id, &error))
    g_warning ("%s", error->message);
}

static void
add_command (BgInspector *self,
             GtkBox      *group,
             const char  *label,
             const char  *explanation,
             GCallback    callback)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_halign (button, GTK_ALIGN_START);
  g_signal_connect_object (button, "clicked", callback, self, 0);
  gtk_box_append (group, button);
  gtk_box_append (group, make_dim_text (explanation));
}

static void
bg_inspector_build_bond (BgInspector *self,
                         BgBond      *bond)
{
  g_autofree char *title = g_strdup_printf (_("Bond %s"), bond->id);
  g_autofree char *from_port = bg_model_dup_port_name (self->model, bond, FALSE);
  g_autofree char *to_port = bg_model_dup_port_name (self->model, bond, TRUE);
  g_autofree char *ends = NULL;
  GtkBox *group;

  self->page = PAGE_BOND;
  self->bond_id = g_strdup (bond->id);

  ends = g_strdup_printf ("%s.%s → %s.%s", bond->from->id, from_port,
                          bond->to->id, to_port);
  bg_inspector_add_header (self, title, ends,
                           bond->arrow == BG_ARROW_FORWARD
                           ? _("The half-arrow points in the direction of connection.")
                           : _("The half-arrow points against the direction of connection."));

  /* the analyzer's causal stroke, in words */
  if (self->causality != NULL &&
      bg_causality_get_revision (self->causality) == bg_model_get_revision (self->model))
    {
      BgStroke stroke = bg_causality_lookup_stroke (self->causality, bond->id);
      g_autofree char *text = NULL;
      GtkBox *causal = bg_inspector_add_group (self, _("Causality"));

      if (stroke == BG_STROKE_AT_TO || stroke == BG_STROKE_AT_FROM)
        {
          const char *receiver = stroke == BG_STROKE_AT_TO ? bond->to->id : bond->from->id;
          const char *supplier = stroke == BG_STROKE_AT_TO ? bond->from->id : bond->to->id;

          /* Translators: the causal stroke of a bond; %s are element ids */
          text = g_strdup_printf (_("The stroke is at %s: %s receives the effort from %s and returns the flow."),
                                  receiver, receiver, supplier);
        }
      else
        text = g_strdup (_("No stroke: the analysis could not assign this bond (see the status line)."));

      gtk_box_append (causal, make_dim_text (text));
    }

  group = bg_inspector_add_group (self, _("Commands"));
  add_command (self, group, _("_Reverse Arrow"),
               _("Changes the sign of the reported flow and power only; the physics stays the same."),
               G_CALLBACK (bond_reverse_clicked_cb));
  add_command (self, group, _("_Flip Junction Sign"),
               _("Swaps the bond's ends, which changes the sign it takes in the junction equations."),
               G_CALLBACK (bond_flip_clicked_cb));
}

static void
bg_inspector_build_settings (BgInspector *self)
{
  GtkBox *group;

  self->page = PAGE_SETTINGS;

  bg_inspector_add_header (self, _("Simulation"), NULL,
                           _("Nothing is selected. Select an element on the canvas to edit its parameters."));

  group = bg_inspector_add_group (self, NULL);
  bg_inspector_add_field (self, group, FIELD_MODEL_NAME, "name", _("Model name"),
                          make_entry (_("Untitled model")), NULL);

  group = bg_inspector_add_group (self, _("Settings"));
  bg_inspector_add_field (self, group, FIELD_T_END, "t_end", _("End time"),
                          make_entry (NULL), "s");
  bg_inspector_add_field (self, group, FIELD_OUTPUT_STEP, "output_step",
                          _("Output step"),
                          make_entry (_("Automatic: end time / 1000")), "s");
  bg_inspector_add_field (self, group, FIELD_RTOL, "rtol",
                          _("Relative tolerance"), make_entry (NULL), NULL);
  bg_inspector_add_field (self, group, FIELD_ATOL, "atol",
                          _("Absolute tolerance"),
                          make_entry (_("Automatic, scaled per state")), NULL);

  bg_inspector_update_fields (self);
}

static void
bg_inspector_build_many (BgInspector *self,
                         guint        n)
{
  g_autofree char *title = NULL;

  self->page = PAGE_MANY;
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u item selected",
                                        "%u items selected", n), n);
  bg_inspector_add_header (self, title, NULL,
                           _("Select a single element to edit its parameters."));
}

static void
bg_inspector_rebuild (BgInspector *self)
{
  guint n = self->selection != NULL ? g_strv_length (self->selection) : 0;
  BgElement *element = NULL;
  BgBond *bond = NULL;

  bg_inspector_clear (self);

  if (self->model == NULL)
    return;

  if (n == 1)
    {
      element = bg_model_find_element (self->model, self->selection[0]);
      if (element == NULL)
        bond = bg_model_find_bond (self->model, self->selection[0]);
    }

  if (element != NULL)
    bg_inspector_build_element (self, element);
  else if (bond != NULL)
    bg_inspector_build_bond (self, bond);
  else if (n > 1)
    bg_inspector_build_many (self, n);
  else
    bg_inspector_build_settings (self);
}

/* Keeps the form and, where the same page still fits, the widgets (and the
 * focus and the text being typed) of the current page. */
static void
bg_inspector_refresh (BgInspector *self)
{
  BgElement *element;

  switch (self->page)
    {
    case PAGE_ELEMENT:
      element = bg_inspector_get_element (self);
      if (element != NULL && element->spec == self->spec &&
          self->selection != NULL && g_strv_length (self->selection) == 1)
        {
          bg_inspector_update_fields (self);
          return;
        }
      break;

    case PAGE_SETTINGS:
      if (self->selection == NULL || self->selection[0] == NULL)
        {
          bg_inspector_update_fields (self);
          return;
        }
      break;

    case PAGE_NONE:
    case PAGE_BOND:
    case PAGE_MANY:
    default:
      break;
    }

  bg_inspector_rebuild (self);
}

static gboolean
refresh_idle_cb (gpointer data)
{
  BgInspector *self = data;

  self->refresh_idle = 0;
  bg_inspector_refresh (self);

  return G_SOURCE_REMOVE;
}

/* Never tear down the form from inside one of its own handlers. */
static void
bg_inspector_queue_refresh (BgInspector *self)
{
  if (!self->applying && !self->clearing)
    {
      g_clear_handle_id (&self->refresh_idle, g_source_remove);
      bg_inspector_refresh (self);
    }
  else if (self->refresh_idle == 0)
    self->refresh_idle = g_idle_add (refresh_idle_cb, self);
}

static void
model_changed_cb (BgInspector *self,
                  BgModel     *model)
{
  bg_inspector_queue_refresh (self);
}

/* GObject ---------------------------------------------------------------- */

static void
bg_inspector_dispose (GObject *object)
{
  BgInspector *self = BG_INSPECTOR (object);
  GtkWidget *child;

  g_clear_handle_id (&self->refresh_idle, g_source_remove);
  if (self->content != NULL)
    bg_inspector_clear (self);
  g_clear_object (&self->model);
  g_clear_pointer (&self->causality, bg_causality_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), BG_TYPE_INSPECTOR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bg_inspector_parent_class)->dispose (object);
}

static void
bg_inspector_finalize (GObject *object)
{
  BgInspector *self = BG_INSPECTOR (object);

  g_clear_pointer (&self->fields, g_ptr_array_unref);
  g_clear_pointer (&self->selection, g_strfreev);
  g_free (self->element_id);
  g_free (self->bond_id);

  G_OBJECT_CLASS (bg_inspector_parent_class)->finalize (object);
}

static void
bg_inspector_class_init (BgInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_inspector_dispose;
  object_class->finalize = bg_inspector_finalize;

  signals[ELEMENT_RENAMED] =
    g_signal_new ("element-renamed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/bgmod/BGMod/ui/bg-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, BgInspector, content);
  gtk_widget_class_set_css_name (widget_class, "bginspector");
}

static void
bg_inspector_init (BgInspector *self)
{
  self->fields = g_ptr_array_new_with_free_func (field_free);
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
bg_inspector_new (void)
{
  return g_object_new (BG_TYPE_INSPECTOR, NULL);
}

void
bg_inspector_set_model (BgInspector *self,
                        BgModel     *model)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));
  g_return_if_fail (model == NULL || BG_IS_MODEL (model));

  if (self->model == model)
    return;

  if (self->model != NULL)
    g_signal_handlers_disconnect_by_func (self->model, model_changed_cb, self);
  g_set_object (&self->model, model);
  if (model != NULL)
    g_signal_connect_object (model, "changed", G_CALLBACK (model_changed_cb),
                             self, G_CONNECT_SWAPPED);

  g_clear_pointer (&self->selection, g_strfreev);
  bg_inspector_queue_refresh (self);
}

void
bg_inspector_set_causality (BgInspector *self,
                            BgCausality *causality)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));

  if (causality == self->causality)
    return;

  g_clear_pointer (&self->causality, bg_causality_unref);
  if (causality != NULL)
    self->causality = bg_causality_ref (causality);

  if (self->page == PAGE_BOND)
    bg_inspector_queue_refresh (self);
}

void
bg_inspector_set_selection (BgInspector       *self,
                            const char *const *ids)
{
  g_return_if_fail (BG_IS_INSPECTOR (self));

  if (self->selection != NULL && ids != NULL &&
      g_strv_equal ((const char *const *) self->selection, ids))
    return;
  if (self->selection == NULL && (ids == NULL || ids[0] == NULL) &&
      self->page != PAGE_NONE)
    return;

  g_clear_pointer (&self->selection, g_strfreev);
  if (ids != NULL && ids[0] != NULL)
    self->selection = g_strdupv ((char **) ids);

  /* a different selection always gets a fresh page */
  self->page = PAGE_NONE;
  bg_inspector_queue_refresh (self);
}

GtkWidget *
bg_inspector_get_field (BgInspector *self,
                        const char  *name)
{
  Field *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  field = bg_inspector_find_field (self, name);
  if (field == NULL)
    return NULL;

  return field->input != NULL ? field->input : field->rows_box;
}

const char *
bg_inspector_get_field_error (BgInspector *self,
                              const char  *name)
{
  Field *field;

  g_return_val_if_fail (BG_IS_INSPECTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  field = bg_inspector_find_field (self, name);
  if (field == NULL || !gtk_widget_get_visible (GTK_WIDGET (field->error_label)))
    return NULL;

  return gtk_label_get_text (field->error_label);
}
