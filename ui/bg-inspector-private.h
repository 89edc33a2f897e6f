/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-inspector-private.h — BgInspector's instance struct and its fields,
 * shared by bg-inspector.c (the pages and the GObject),
 * bg-inspector-fields.c (one field: widgets, model value, parsing,
 * applying, refusal), bg-inspector-table.c (the table fields) and
 * bg-inspector-instance.c (an instance's parameters) and
 * bg-inspector-whatif.c (a number's what-if slider).
 * Must not: be included outside those files.
 * Included by: ui/bg-inspector*.c.
 */
#pragma once

#include "bg-inspector.h"
#include "bg-wave-preview.h"

G_BEGIN_DECLS

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
  GtkLabel          *caption_label;
  /* "Was 1 N, now 10 N": shown after typing went on after the old value,
   * until the field shows another value (hint_value) */
  GtkLabel          *hint_label;
  double             hint_value;
  char              *model_text;  /* what the field last showed of the model */
  char              *caption;   /* the field's name, shown and in messages */
  /* the text differs from what the model last showed or took: only then
   * does a model change leave it alone, and only then does it apply */
  gboolean           edited;
  /* an instance's parameter: "default" while it has the component's
   * value, else the button that sets that value back */
  GtkWidget         *default_label;
  GtkWidget         *reset_button;
  /* a number parameter's what-if slider (bg-inspector-whatif.c), or NULL */
  struct _WhatIfSlider *slider;
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

  /* what-if sliders (bg-inspector-whatif.c): the model they work on (the
   * inspector's own must be it), and per "element\x1fparam" whether the
   * slider is open and its range, kept across pages */
  BgModel               *what_if_model;
  GHashTable            *what_if_ranges;
};

/* bg-inspector.c */
void        _bg_inspector_emit_renamed        (BgInspector        *self,
                                               const char         *new_id);
void        _bg_inspector_emit_what_if_preview (BgInspector       *self,
                                               const char         *element,
                                               const char         *param,
                                               double              value);
void        _bg_inspector_emit_what_if_end    (BgInspector        *self,
                                               gboolean            committed);
/* A group of fields under heading (NULL: none). */
GtkBox     *_bg_inspector_add_group           (BgInspector        *self,
                                               const char         *heading);
/* The field of the index'th parameter, captioned (NULL: the parameter's
 * translated label). */
Field      *_bg_inspector_add_param_field     (BgInspector        *self,
                                               GtkBox             *group,
                                               const BgParamSpec  *pspec,
                                               guint               index,
                                               const char         *caption);

/* bg-inspector-fields.c */
/* A labelled field appended to group: caption, input with its unit, the
 * error line. input may be NULL (a table fills the field itself). */
Field      *_bg_inspector_add_field           (BgInspector        *self,
                                               GtkBox             *group,
                                               FieldKind           kind,
                                               const char         *name,
                                               const char         *caption,
                                               GtkWidget          *input,
                                               const char         *unit);
void        _bg_inspector_field_free          (gpointer            data);
Field      *_bg_inspector_find_field          (BgInspector        *self,
                                               const char         *name);
/* The element of PAGE_ELEMENT as the model holds it now, or NULL. */
BgElement  *_bg_inspector_get_element         (BgInspector        *self);
/* force: also over text being typed in the field. */
void        _bg_inspector_field_update        (Field              *field,
                                               gboolean            force);
void        _bg_inspector_update_fields       (BgInspector        *self);
void        _bg_inspector_field_apply         (Field              *field);
void        _bg_inspector_field_show_error    (Field              *field,
                                               const char         *message);
/* Enter and focus-out apply, Escape puts the model's value back. */
void        _bg_inspector_connect_apply       (GtkWidget          *entry,
                                               Field              *field);
void        _bg_inspector_choice_selected_cb  (GtkDropDown        *dropdown,
                                               GParamSpec         *pspec,
                                               Field              *field);
GtkWidget  *_bg_inspector_make_caption        (const char         *text);
GtkWidget  *_bg_inspector_make_dim_text       (const char         *text);
GtkWidget  *_bg_inspector_make_entry          (const char         *placeholder);
/* "Constant", "Pulse train", ... for a choice's file word. */
const char *_bg_inspector_choice_display_name (const char         *word);

/* bg-inspector-instance.c */
/* An instance's parameters: the definition's chosen ones, then every
 * inner parameter under its inner element. */
void        _bg_inspector_build_instance_params (BgInspector        *self,
                                                 const BgDefinition *def);
/* "default" or the reset button, after the model's value. */
void        _bg_inspector_instance_field_update (Field              *field,
                                                 BgElement          *element);

/* bg-inspector-whatif.c */
/* The slider button beside a number parameter's field and the slider
 * under it (closed unless it was open for this element before). */
void        _bg_inspector_whatif_add          (Field              *field);
void        _bg_inspector_whatif_free         (Field              *field);
/* After the model's value was written into the field: the slider's knob
 * there too (unless it is being dragged), the button shown only where
 * what-if works. */
void        _bg_inspector_whatif_update       (Field              *field);
/* A drag or keyboard change not yet kept is kept now (a page change). */
void        _bg_inspector_whatif_flush        (BgInspector        *self);
GHashTable *_bg_inspector_whatif_ranges_new   (void);

/* bg-inspector-table.c */
void        _bg_inspector_table_fill          (Field              *field,
                                               const BgParamValue *value);
/* The rows' numbers, x and y interleaved; NULL and the bad row's message. */
GArray     *_bg_inspector_table_collect       (Field              *field,
                                               GError            **error);
void        _bg_inspector_table_add_clicked_cb   (GtkButton       *button,
                                                  Field           *field);
void        _bg_inspector_table_paste_clicked_cb (GtkButton       *button,
                                                  Field           *field);

G_END_DECLS
