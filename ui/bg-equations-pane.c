/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-equations-pane.c — the state equations page beside the time plot.
 *
 * Owns: the page's widgets (summary, copy menu, the message in
 * place of equations, the list of equation rows and the note when the list
 * is cut short), deriving the equations when the page is shown and out of
 * date, the symbol links with their tooltips, marking the selected
 * elements' terms, and the copy actions. See bg-equations-pane.h.
 * Must not: edit the model or select on the canvas itself (it emits
 * "select-elements"; the window selects).
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-causality.h"
#include "bg-equations.h"
#include "bg-equations-pane.h"
#include "bg-equations-symbols.h"
#include "bg-model-flatten.h"
#include "bg-si-format.h"
#include "bg-units.h"

/* Rows beyond this are left out of the list (a model of thousands of
 * states); copying still gives them all. */
#define MAX_ROWS 300
#define COPIED_NOTE_MS 2500

struct _BgEquationsPane
{
  GtkWidget     parent_instance;

  BgDocument   *document;
  BgEquations  *equations;      /* NULL when there are none to show */
  GHashTable   *selected;       /* ids of the canvas selection */
  gboolean      stale;          /* the document changed since the last derivation */
  guint         refresh_idle;
  guint         copied_timeout;
  char         *link_element;   /* a symbol's element clicked, selected once the click is over */
  guint         link_idle;
  char         *summary;
  char         *message;

  GtkWidget    *header;
  GtkLabel     *summary_label;
  GtkLabel     *message_label;
  GtkWidget    *scroller;
  GtkListBox   *list;
  GtkLabel     *more_label;
  GtkWidget    *symbols_box;    /* the heading, the convention and the table */
  GtkGrid      *symbols_grid;
  GtkLabel     *symbols_more;
};

enum
{
  SIGNAL_SELECT_ELEMENTS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (BgEquationsPane, bg_equations_pane, GTK_TYPE_WIDGET)

GtkWidget *
bg_equations_pane_new (void)
{
  return g_object_new (BG_TYPE_EQUATIONS_PANE, NULL);
}

/* Symbols ---------------------------------------------------------------------- */

static const char *
symbol_kind_text (BgEqSymbolKind kind)
{
  switch (kind)
    {
    case BG_EQ_SYMBOL_STATE:
      return _("State variable");
    case BG_EQ_SYMBOL_INPUT:
      return _("Input, a function of time");
    case BG_EQ_SYMBOL_PARAMETER:
      return _("Parameter");
    case BG_EQ_SYMBOL_FUNCTION:
      return _("Nonlinear function of the model");
    case BG_EQ_SYMBOL_ALGEBRAIC:
    default:
      return _("Unknown of an algebraic group, solved jointly");
    }
}

/* The tooltip of a symbol, in markup: what it is, its value, its element. */
static char *
symbol_tooltip_markup (const BgEqSymbol *sym)
{
  GString *tip = g_string_new (NULL);
  g_autofree char *meaning = g_markup_escape_text (sym->meaning != NULL ? sym->meaning : "", -1);
  g_autofree char *kind = g_markup_escape_text (symbol_kind_text (sym->kind), -1);

  g_string_append_printf (tip, "<b>%s</b>  %s\n%s", sym->markup, meaning, kind);
  if (isfinite (sym->value))
    {
      g_autofree char *value = bg_si_format (sym->value, sym->unit != NULL ? sym->unit : "");
      g_autofree char *escaped = g_markup_escape_text (value, -1);
      g_string_append (tip, " · ");
      if (sym->kind == BG_EQ_SYMBOL_STATE)
        /* TRANSLATORS: a state's initial value in the equations' tooltips */
        g_string_append_printf (tip, _("initial value %s"), escaped);
      else if (sym->kind == BG_EQ_SYMBOL_INPUT)
        /* TRANSLATORS: an input's value at the start, in the equations' tooltips */
        g_string_append_printf (tip, _("%s at t = 0"), escaped);
      else
        g_string_append (tip, escaped);
    }
  else if (sym->unit != NULL && sym->unit[0] != '\0')
    {
      g_autofree char *shown = bg_units_localize (sym->unit);
      g_autofree char *unit = g_markup_escape_text (shown, -1);

      g_string_append_printf (tip, " · [%s]", unit);
    }
  if (sym->element != NULL)
    {
      g_autofree char *element = g_markup_escape_text (sym->element, -1);

      g_string_append_c (tip, '\n');
      /* TRANSLATORS: %s is an element's id, e.g. "R1" */
      g_string_append_printf (tip, _("Click to select %s"), element);
    }
  return g_string_free (tip, FALSE);
}

/* A symbol of a selected element, or of an element inside a selected
 * instance ("T2" selected: q_T2.C too). */
static gboolean
symbol_is_selected (BgEquationsPane  *self,
                    const BgEqSymbol *sym)
{
  if (g_hash_table_contains (self->selected, sym->symbol))
    return TRUE;
  if (sym->element == NULL)
    return FALSE;
  if (g_hash_table_contains (self->selected, sym->element))
    return TRUE;
  for (const char *dot = strchr (sym->element, '.'); dot != NULL; dot = strchr (dot + 1, '.'))
    {
      g_autofree char *instance = g_strndup (sym->element, (gsize) (dot - sym->element));

      if (g_hash_table_contains (self->selected, instance))
        return TRUE;
    }
  return FALSE;
}

/* Each symbol a link (href: the symbol) with its tooltip; the selected
 * elements' terms on a marker colour that reads on light and dark. */
static char *
decorate_symbol_cb (const BgEqSymbol *sym,
                    gpointer          user_data)
{
  BgEquationsPane *self = user_data;
  g_autofree char *tip = symbol_tooltip_markup (sym);
  g_autofree char *title = g_markup_escape_text (tip, -1);
  g_autofree char *href = g_markup_escape_text (sym->symbol, -1);

  if (symbol_is_selected (self, sym))
    return g_strdup_printf ("<a href=\"%s\" title=\"%s\"><span background=\"#f8e45c\" "
                            "foreground=\"#241f31\">%s</span></a>",
                            href, title, sym->markup);
  return g_strdup_printf ("<a href=\"%s\" title=\"%s\">%s</a>", href, title, sym->markup);
}

/* Rows ------------------------------------------------------------------------- */

static guint
row_equation_index (GtkListBoxRow *row)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "bg-equation-index"));
}

static void
row_set_markup (BgEquationsPane *self,
                GtkListBoxRow   *row)
{
  GtkWidget *label = gtk_list_box_row_get_child (row);
  g_autofree char *markup = bg_equations_dup_markup_decorated (self->equations,
                                                               row_equation_index (row),
                                                               decorate_symbol_cb, self);

  gtk_label_set_markup (GTK_LABEL (label), markup);
}

static gboolean
select_link_element_cb (gpointer user_data)
{
  BgEquationsPane *self = user_data;
  g_autofree char *element = g_steal_pointer (&self->link_element);
  const char *ids[] = { element, NULL };

  self->link_idle = 0;
  if (element != NULL)
    g_signal_emit (self, signals[SIGNAL_SELECT_ELEMENTS], 0, ids);
  return G_SOURCE_REMOVE;
}

/* A click on a symbol selects its element instead of opening a link —
 * once the label has handled the click: the selection marks its terms
 * again (row_set_markup), and new markup replaces the label's links and
 * the gestures that handle them, this click's among them, while GTK is
 * still going through them. */
static gboolean
label_activate_link_cb (GtkLabel   *label,
                        const char *uri,
                        gpointer    user_data)
{
  BgEquationsPane *self = user_data;
  const BgEqSymbol *sym = self->equations != NULL
                            ? bg_equations_lookup_symbol (self->equations, uri) : NULL;

  if (sym != NULL && sym->element != NULL)
    {
      g_free (self->link_element);
      self->link_element = g_strdup (sym->element);
      if (self->link_idle == 0)
        self->link_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, select_link_element_cb, self,
                                           NULL);
    }
  return TRUE;
}

static GtkWidget *
row_new (BgEquationsPane *self,
         guint            index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = gtk_label_new (NULL);
  const BgEquation *eq = bg_equations_get_equation (self->equations, index);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (label, "equation");
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "activate-link", G_CALLBACK (label_activate_link_cb), self);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  g_object_set_data (G_OBJECT (row), "bg-equation-index", GUINT_TO_POINTER (index));
  g_object_set_data (G_OBJECT (row), "bg-equation-kind", GINT_TO_POINTER (eq->kind + 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, eq->text, -1);
  row_set_markup (self, GTK_LIST_BOX_ROW (row));
  return row;
}

static const char *
section_title (BgEqKind kind)
{
  switch (kind)
    {
    case BG_EQ_STATE:
      return _("State equations");
    case BG_EQ_ALGEBRAIC:
      return _("Algebraic groups, solved jointly");
    case BG_EQ_OUTPUT:
    default:
      return _("Outputs");
    }
}

/* A heading above the first row of each kind. */
static void
list_header_cb (GtkListBoxRow *row,
                GtkListBoxRow *before,
                gpointer       user_data)
{
  int kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "bg-equation-kind"));
  int before_kind = before != NULL
                      ? GPOINTER_TO_INT (g_object_get_data (G_OBJECT (before), "bg-equation-kind"))
                      : 0;
  GtkWidget *header;

  if (kind == before_kind)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  header = gtk_label_new (section_title (kind - 1));
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_widget_add_css_class (header, "equations-section");
  gtk_list_box_row_set_header (row, header);
}

/* A click (or Enter) on an equation selects every element it involves. */
static void
list_row_activated_cb (GtkListBox    *list,
                       GtkListBoxRow *row,
                       gpointer       user_data)
{
  BgEquationsPane *self = user_data;
  const BgEquation *eq;
  const BgEqSymbol *lhs;
  g_autoptr(GPtrArray) ids = g_ptr_array_new ();

  if (self->equations == NULL)
    return;
  eq = bg_equations_get_equation (self->equations, row_equation_index (row));
  lhs = bg_equations_lookup_symbol (self->equations, eq->symbol);
  if (lhs != NULL && lhs->element != NULL)
    g_ptr_array_add (ids, (gpointer) lhs->element);
  for (guint i = 0; eq->elements[i] != NULL; i++)
    if (lhs == NULL || g_strcmp0 (lhs->element, eq->elements[i]) != 0)
      g_ptr_array_add (ids, (gpointer) eq->elements[i]);
  g_ptr_array_add (ids, NULL);
  g_signal_emit (self, signals[SIGNAL_SELECT_ELEMENTS], 0, ids->pdata);
}

/* Deriving --------------------------------------------------------------------- */

static void
list_clear (BgEquationsPane *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
}

static void
show_message (BgEquationsPane *self,
              const char      *message)
{
  g_free (self->message);
  self->message = g_strdup (message != NULL ? message : "");
  gtk_label_set_label (self->message_label, self->message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), self->message[0] != '\0');
  gtk_widget_set_visible (self->scroller, self->message[0] == '\0');
}

static void
set_summary (BgEquationsPane *self,
             const char      *summary)
{
  g_free (self->summary);
  self->summary = g_strdup (summary);
  if (self->copied_timeout == 0)
    gtk_label_set_label (self->summary_label, summary);
}

static char *
summary_text (const BgEquations *equations)
{
  guint n_states = 0, n_algebraic = 0;
  g_autofree char *states = NULL;

  for (guint i = 0; i < bg_equations_get_n_equations (equations); i++)
    {
      BgEqKind kind = bg_equations_get_equation (equations, i)->kind;

      n_states += kind == BG_EQ_STATE;
      n_algebraic += kind == BG_EQ_ALGEBRAIC;
    }
  states = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u state", "%u states", n_states),
                            n_states);
  if (n_algebraic > 0)
    {
      g_autofree char *algebraic =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u algebraic equation",
                                      "%u algebraic equations", n_algebraic), n_algebraic);

      return g_strdup_printf ("%s · %s · %s", states, algebraic,
                              bg_equations_is_linear (equations) ? _("linear") : _("nonlinear"));
    }
  return g_strdup_printf ("%s · %s", states,
                          bg_equations_is_linear (equations) ? _("linear") : _("nonlinear"));
}

/* The equations of the document's model, or NULL with what to say instead. */
static BgEquations *
derive (BgEquationsPane *self,
        char           **why)
{
  BgModel *model = bg_document_get_model (self->document);
  BgCausality *causality = bg_document_get_causality (self->document);
  const GPtrArray *errors;
  g_auto(GStrv) outputs = NULL;
  g_autoptr(GError) error = NULL;
  BgEquations *equations;

  if (causality == NULL || bg_model_get_elements (model)->len == 0)
    {
      *why = g_strdup (_("Draw a model to see the state equations its bond graph gives."));
      return NULL;
    }
  errors = bg_causality_get_errors (causality);
  if (errors->len > 0)
    {
      const BgDiagnostic *first = g_ptr_array_index ((GPtrArray *) errors, 0);

      /* TRANSLATORS: %s is the analyzer's first error */
      *why = g_strdup_printf (_("No state equations while the causality has a conflict: %s"),
                              first->message);
      return NULL;
    }
  outputs = bg_equations_dup_view_outputs (model);
  /* Components derive as their flat graph, symbols by path (q_T2.C). */
  model = bg_document_get_flat_model (self->document);
  causality = bg_document_get_flat_causality (self->document);
  equations = bg_equations_derive (model, causality, (const char *const *) outputs, &error);
  if (equations == NULL && g_error_matches (error, BG_EQUATIONS_ERROR,
                                            BG_EQUATIONS_ERROR_UNKNOWN_OUTPUT))
    {
      g_clear_error (&error);
      equations = bg_equations_derive (model, causality, NULL, &error);
    }
  if (equations == NULL)
    {
      /* TRANSLATORS: %s says why, e.g. a component without a symbolic form */
      *why = g_strdup_printf (_("No state equations: %s"), error->message);
      return NULL;
    }
  if (bg_equations_get_n_equations (equations) == 0)
    {
      *why = g_strdup (_("The model stores no energy: it has no states, so no state equations."));
      bg_equations_unref (equations);
      return NULL;
    }
  return equations;
}

static void
rebuild (BgEquationsPane *self)
{
  g_autofree char *why = NULL;
  guint n, shown;

  self->stale = FALSE;
  list_clear (self);
  g_clear_pointer (&self->equations, bg_equations_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->more_label), FALSE);
  if (self->document == NULL)
    {
      show_message (self, "");
      set_summary (self, "");
      return;
    }
  self->equations = derive (self, &why);
  {
    guint left_out = bg_equations_symbols_fill (self->symbols_grid, self->equations, MAX_ROWS);

    gtk_widget_set_visible (self->symbols_box, self->equations != NULL);
    gtk_widget_set_visible (GTK_WIDGET (self->symbols_more), left_out > 0);
    if (left_out > 0)
      {
        /* TRANSLATORS: the symbol table is cut short */
        g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                              "%u more symbol; Copy as Text lists them all.",
                                                              "%u more symbols; Copy as Text lists them all.",
                                                              left_out),
                                                 left_out);

        gtk_label_set_label (self->symbols_more, more);
      }
  }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.copy-latex", self->equations != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.copy-text", self->equations != NULL);
  if (self->equations == NULL)
    {
      show_message (self, why);
      set_summary (self, "");
      return;
    }
  {
    g_autofree char *summary = summary_text (self->equations);

    set_summary (self, summary);
  }
  show_message (self, "");
  n = bg_equations_get_n_equations (self->equations);
  shown = MIN (n, MAX_ROWS);
  for (guint i = 0; i < shown; i++)
    gtk_list_box_append (self->list, row_new (self, i));
  if (shown < n)
    {
      /* TRANSLATORS: the list of equations is cut short */
      g_autofree char *more = g_strdup_printf (_("Showing the first %u of %u equations; "
                                                 "Copy as LaTeX or as Text gives them all."),
                                               shown, n);

      gtk_label_set_label (self->more_label, more);
      gtk_widget_set_visible (GTK_WIDGET (self->more_label), TRUE);
    }
}

void
bg_equations_pane_refresh (BgEquationsPane *self)
{
  g_return_if_fail (BG_IS_EQUATIONS_PANE (self));

  g_clear_handle_id (&self->refresh_idle, g_source_remove);
  if (self->stale)
    rebuild (self);
}

static gboolean
refresh_idle_cb (gpointer user_data)
{
  BgEquationsPane *self = user_data;

  self->refresh_idle = 0;
  if (self->stale)
    rebuild (self);
  return G_SOURCE_REMOVE;
}

/* After every analysis: derive again at once if shown, else when shown. */
static void
mark_stale (BgEquationsPane *self)
{
  self->stale = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)) && self->refresh_idle == 0)
    self->refresh_idle = g_idle_add (refresh_idle_cb, self);
}

static void
document_notify_causality_cb (BgEquationsPane *self,
                              GParamSpec      *pspec,
                              BgDocument      *document)
{
  mark_stale (self);
}

void
bg_equations_pane_set_document (BgEquationsPane *self,
                                BgDocument      *document)
{
  g_return_if_fail (BG_IS_EQUATIONS_PANE (self));
  g_return_if_fail (document == NULL || BG_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "notify::causality",
                             G_CALLBACK (document_notify_causality_cb), self,
                             G_CONNECT_SWAPPED);
  g_hash_table_remove_all (self->selected);
  mark_stale (self);
}

void
bg_equations_pane_set_selection (BgEquationsPane   *self,
                                 const char *const *ids)
{
  g_return_if_fail (BG_IS_EQUATIONS_PANE (self));

  g_hash_table_remove_all (self->selected);
  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    g_hash_table_add (self->selected, g_strdup (ids[i]));
  if (self->equations == NULL)
    return;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row))
      row_set_markup (self, GTK_LIST_BOX_ROW (row));
}

/* Copying ---------------------------------------------------------------------- */

static gboolean
copied_timeout_cb (gpointer user_data)
{
  BgEquationsPane *self = user_data;

  self->copied_timeout = 0;
  gtk_label_set_label (self->summary_label, self->summary != NULL ? self->summary : "");
  gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "copied-note");
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "dim-label");
  return G_SOURCE_REMOVE;
}

/* The note stands out (bold, in the accent colour, not dimmed) for a few
 * seconds where the summary was: a copy is otherwise silent. */
static void
copy_to_clipboard (BgEquationsPane *self,
                   const char      *text,
                   const char      *note)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  gtk_label_set_label (self->summary_label, note);
  gtk_widget_remove_css_class (GTK_WIDGET (self->summary_label), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "copied-note");
  g_clear_handle_id (&self->copied_timeout, g_source_remove);
  self->copied_timeout = g_timeout_add (COPIED_NOTE_MS, copied_timeout_cb, self);
}

/* equations.copy-latex and equations.copy-text */
static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  BgEquationsPane *self = BG_EQUATIONS_PANE (widget);
  gboolean latex = g_str_equal (action_name, "equations.copy-latex");
  g_autofree char *text = NULL;

  bg_equations_pane_refresh (self);
  if (self->equations == NULL)
    return;
  text = latex ? bg_equations_to_latex (self->equations)
               : bg_equations_to_text (self->equations);
  copy_to_clipboard (self, text, latex ? _("✓ Copied as LaTeX: paste it into your document")
                                       : _("✓ Copied as text: paste it into your document"));
}

/* For tests -------------------------------------------------------------------- */

guint
bg_equations_pane_get_n_rows (BgEquationsPane *self)
{
  guint n = 0;

  g_return_val_if_fail (BG_IS_EQUATIONS_PANE (self), 0);
  while (gtk_list_box_get_row_at_index (self->list, n) != NULL)
    n++;
  return n;
}

GtkListBoxRow *
bg_equations_pane_get_row (BgEquationsPane *self,
                           guint            index)
{
  g_return_val_if_fail (BG_IS_EQUATIONS_PANE (self), NULL);
  return gtk_list_box_get_row_at_index (self->list, index);
}

GtkLabel *
bg_equations_pane_get_row_label (BgEquationsPane *self,
                                 guint            index)
{
  GtkListBoxRow *row = bg_equations_pane_get_row (self, index);

  return row != NULL ? GTK_LABEL (gtk_list_box_row_get_child (row)) : NULL;
}

GtkGrid *
bg_equations_pane_get_symbol_table (BgEquationsPane *self)
{
  g_return_val_if_fail (BG_IS_EQUATIONS_PANE (self), NULL);
  return gtk_widget_get_visible (self->symbols_box) ? self->symbols_grid : NULL;
}

const char *
bg_equations_pane_get_message (BgEquationsPane *self)
{
  g_return_val_if_fail (BG_IS_EQUATIONS_PANE (self), NULL);
  return self->message != NULL ? self->message : "";
}

/* Construction ----------------------------------------------------------------- */

/* One compact "Copy" menu (LaTeX, text), so the summary keeps its room on
 * a 1024-pixel screen in presentation mode. */
static GtkWidget *
copy_menu_button (void)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (_("_Copy"));

  g_menu_append (menu, _("Copy as _LaTeX"), "equations.copy-latex");
  g_menu_append (menu, _("Copy as _Text"), "equations.copy-text");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_box_append (GTK_BOX (content), gtk_image_new_from_icon_name ("edit-copy-symbolic"));
  gtk_box_append (GTK_BOX (content), label);
  gtk_menu_button_set_child (GTK_MENU_BUTTON (button), content);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), button);
  gtk_widget_set_tooltip_text (button, _("Copy the equations as a LaTeX align* block or as plain text"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  return button;
}

static void
build_header (BgEquationsPane *self)
{
  /* the page's tab names it: the header is the summary and the copy menu */
  self->header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->summary_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary_label, 0);
  gtk_label_set_wrap (self->summary_label, TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "dim-label");
  gtk_box_append (GTK_BOX (self->header), GTK_WIDGET (self->summary_label));
  gtk_box_append (GTK_BOX (self->header), copy_menu_button ());
  gtk_widget_set_parent (self->header, GTK_WIDGET (self));
}

/* Under the equations: what each symbol is, and the convention. */
static void
build_symbols (BgEquationsPane *self)
{
  GtkWidget *heading = gtk_label_new (_("Symbols"));
  GtkWidget *convention = gtk_label_new (bg_equations_symbols_convention ());

  self->symbols_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (self->symbols_box, "equations-symbols");
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "equations-section");
  gtk_box_append (GTK_BOX (self->symbols_box), heading);
  gtk_label_set_xalign (GTK_LABEL (convention), 0);
  gtk_label_set_wrap (GTK_LABEL (convention), TRUE);
  gtk_widget_add_css_class (convention, "dim-label");
  gtk_widget_add_css_class (convention, "equations-convention");
  gtk_box_append (GTK_BOX (self->symbols_box), convention);
  self->symbols_grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->symbols_grid, 12);
  gtk_grid_set_row_spacing (self->symbols_grid, 2);
  gtk_widget_add_css_class (GTK_WIDGET (self->symbols_grid), "equations-symbol-table");
  gtk_box_append (GTK_BOX (self->symbols_box), GTK_WIDGET (self->symbols_grid));
  self->symbols_more = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->symbols_more, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->symbols_more), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->symbols_more), FALSE);
  gtk_box_append (GTK_BOX (self->symbols_box), GTK_WIDGET (self->symbols_more));
  gtk_widget_set_visible (self->symbols_box, FALSE);
}

static void
bg_equations_pane_init (BgEquationsPane *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  self->selected = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  build_header (self);

  self->message_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message_label, TRUE);
  gtk_label_set_xalign (self->message_label, 0);
  gtk_label_set_yalign (self->message_label, 0);
  gtk_widget_set_vexpand (GTK_WIDGET (self->message_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "equations-message");
  gtk_widget_set_parent (GTK_WIDGET (self->message_label), GTK_WIDGET (self));

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_list_box_set_header_func (self->list, list_header_cb, NULL, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "equations-list");
  g_signal_connect (self->list, "row-activated", G_CALLBACK (list_row_activated_cb), self);
  self->more_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->more_label, TRUE);
  gtk_label_set_xalign (self->more_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->more_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->more_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->list));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->more_label));
  build_symbols (self);
  gtk_box_append (GTK_BOX (box), self->symbols_box);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), box);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  show_message (self, "");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.copy-latex", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "equations.copy-text", FALSE);
}

static void
bg_equations_pane_map (GtkWidget *widget)
{
  BgEquationsPane *self = BG_EQUATIONS_PANE (widget);

  GTK_WIDGET_CLASS (bg_equations_pane_parent_class)->map (widget);
  if (self->stale)
    rebuild (self);
}

static void
bg_equations_pane_dispose (GObject *object)
{
  BgEquationsPane *self = BG_EQUATIONS_PANE (object);

  g_clear_handle_id (&self->refresh_idle, g_source_remove);
  g_clear_handle_id (&self->copied_timeout, g_source_remove);
  g_clear_handle_id (&self->link_idle, g_source_remove);
  g_clear_pointer (&self->link_element, g_free);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_pointer (&self->equations, bg_equations_unref);
  g_clear_pointer (&self->header, gtk_widget_unparent);
  if (self->message_label != NULL)
    gtk_widget_unparent (GTK_WIDGET (self->message_label));
  self->message_label = NULL;
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (bg_equations_pane_parent_class)->dispose (object);
}

static void
bg_equations_pane_finalize (GObject *object)
{
  BgEquationsPane *self = BG_EQUATIONS_PANE (object);

  g_hash_table_unref (self->selected);
  g_free (self->summary);
  g_free (self->message);
  G_OBJECT_CLASS (bg_equations_pane_parent_class)->finalize (object);
}

static void
bg_equations_pane_class_init (BgEquationsPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bg_equations_pane_dispose;
  object_class->finalize = bg_equations_pane_finalize;
  widget_class->map = bg_equations_pane_map;

  /* ids (a NULL-terminated array of element or bond ids) to select */
  signals[SIGNAL_SELECT_ELEMENTS] =
    g_signal_new ("select-elements", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRV);

  gtk_widget_class_install_action (widget_class, "equations.copy-latex", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "equations.copy-text", NULL, copy_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "bgequationspane");
}
