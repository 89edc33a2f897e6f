/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-component-reference.c — the component reference window (see
 * bg-component-reference.h).
 *
 * Owns: the list's rows (one per spec, in the order of
 * bg_component_doc_dup_reference) with their group headings and search
 * filter, and building the shown component's page from bg-component-doc.h
 * and the spec. Must not: write reference text of its own beyond headings
 * (the words are the core's, so the window and docs/components.md agree),
 * or know about the main window.
 */
#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "bg-component-doc.h"
#include "bg-component-reference.h"
#include "bg-domain.h"
#include "bg-units.h"
#include "bg-widget-util-private.h"

/* The advanced components' group, after the domains'. */
#define GROUP_ADVANCED BG_N_DOMAINS
/* Wrapped text stops widening here, so the page's natural width stays
 * within a 1024-pixel screen. */
#define TEXT_CHARS 52

struct _BgComponentReference
{
  GtkWindow               parent_instance;

  GPtrArray              *specs;   /* const BgComponentSpec*, in row order */
  const BgComponentSpec  *spec;    /* the page shown */
  char                   *needle;  /* the search, casefolded; "" for none */
  gboolean                presentation_mode;
  guint                   scroll_tick;
  guint                   scroll_tries;

  GtkSearchEntry         *search_entry;
  GtkWidget              *list_scroller;
  GtkListBox             *list;
  GtkWidget              *page_scroller;
  GtkBox                 *page;
};

G_DEFINE_FINAL_TYPE (BgComponentReference, bg_component_reference, GTK_TYPE_WINDOW)

enum
{
  PROP_0,
  PROP_PRESENTATION_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Targets ------------------------------------------------------------------ */

const BgComponentSpec *
bg_component_reference_find (const char *target)
{
  g_auto(GStrv) parts = NULL;
  BgDomain domain = BG_DOMAIN_FIRST;
  const BgComponentSpec *spec = NULL;

  if (target == NULL || target[0] == '\0')
    return bg_library_get_all (NULL)[0];

  parts = g_strsplit (target, ":", 2);
  if (parts[1] != NULL)
    {
      domain = bg_domain_from_id (parts[1]);
      if (domain == BG_DOMAIN_NONE && !bg_library_type_is_advanced (parts[0]))
        return NULL;
    }
  if (bg_library_type_is_advanced (parts[0]))
    return bg_library_lookup (parts[0], BG_DOMAIN_NONE);
  /* a primitive without a domain: the first domain that has it */
  for (int d = domain; spec == NULL && d < BG_N_DOMAINS; d++)
    {
      spec = bg_library_lookup (parts[0], (BgDomain) d);
      if (parts[1] != NULL)
        break;
    }
  return spec;
}

/* Rows --------------------------------------------------------------------- */

static int
spec_group (const BgComponentSpec *spec)
{
  return spec->section == BG_SECTION_ADVANCED ? GROUP_ADVANCED : (int) spec->domain;
}

static const BgComponentSpec *
row_spec (GtkListBoxRow *row)
{
  return g_object_get_data (G_OBJECT (row), "bg-reference-spec");
}

static GtkWidget *
make_row (const BgComponentSpec *spec)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new (bg_component_spec_display_name (spec));
  GtkWidget *type = gtk_label_new (spec->type);
  g_autofree char *accessible = g_strdup_printf ("%s (%s)", bg_component_spec_display_name (spec),
                                                 spec->type);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (name), PANGO_WRAP_WORD_CHAR);
  /* the list's natural width stays near the 240 px it opens with */
  gtk_label_set_max_width_chars (GTK_LABEL (name), 18);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_label_set_xalign (GTK_LABEL (type), 1);
  gtk_widget_set_valign (type, GTK_ALIGN_BASELINE);
  gtk_widget_set_valign (name, GTK_ALIGN_BASELINE);
  gtk_widget_add_css_class (type, "dim-label");
  gtk_widget_add_css_class (type, "reference-type");
  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), type);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "bg-reference-spec", (gpointer) spec);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  return row;
}

/* Each domain's primitives, then the advanced components. */
static void
fill_list (BgComponentReference *self)
{
  guint n_specs;
  const BgComponentSpec *const *all = bg_library_get_all (&n_specs);

  /* A domain's primitives in palette order, then its component Port. */
  for (int d = BG_DOMAIN_FIRST; d < BG_N_DOMAINS; d++)
    for (guint i = 0; i < n_specs; i++)
      if (all[i]->section == BG_SECTION_PRIMITIVES && all[i]->domain == (BgDomain) d)
        g_ptr_array_add (self->specs, (gpointer) all[i]);
  for (guint i = 0; i < n_specs; i++)
    if (all[i]->section == BG_SECTION_ADVANCED)
      g_ptr_array_add (self->specs, (gpointer) all[i]);
  for (guint i = 0; i < self->specs->len; i++)
    gtk_list_box_append (self->list, make_row (g_ptr_array_index (self->specs, i)));
}

static gboolean
contains (const char *text,
          const char *needle)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);

  return strstr (folded, needle) != NULL;
}

static gboolean
filter_cb (GtkListBoxRow *row,
           gpointer       user_data)
{
  BgComponentReference *self = user_data;
  const BgComponentSpec *spec = row_spec (row);

  if (self->needle[0] == '\0')
    return TRUE;
  return contains (bg_component_spec_display_name (spec), self->needle) ||
         contains (spec->type, self->needle) ||
         contains (bg_component_doc_noun (spec), self->needle);
}

static const char *
group_title (int group)
{
  return group == GROUP_ADVANCED ? _("Advanced components") : bg_domain_display_name ((BgDomain) group);
}

/* A heading above the first shown row of each group. */
static void
header_cb (GtkListBoxRow *row,
           GtkListBoxRow *before,
           gpointer       user_data)
{
  int group = spec_group (row_spec (row));
  GtkWidget *header;

  if (before != NULL && spec_group (row_spec (before)) == group)
    {
      gtk_list_box_row_set_header (row, NULL);
      return;
    }
  header = gtk_list_box_row_get_header (row);
  if (header != NULL && g_strcmp0 (gtk_label_get_label (GTK_LABEL (header)), group_title (group)) == 0)
    return;
  header = gtk_label_new (group_title (group));
  gtk_label_set_xalign (GTK_LABEL (header), 0);
  gtk_label_set_wrap (GTK_LABEL (header), TRUE);
  gtk_widget_add_css_class (header, "reference-heading");
  gtk_list_box_row_set_header (row, header);
}

static GtkListBoxRow *
row_for_spec (BgComponentReference  *self,
              const BgComponentSpec *spec)
{
  guint index;

  if (!g_ptr_array_find (self->specs, spec, &index))
    return NULL;
  return gtk_list_box_get_row_at_index (self->list, (int) index);
}

static GtkListBoxRow *
first_shown_row (BgComponentReference *self)
{
  for (int i = 0; i < (int) self->specs->len; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, i);

      if (gtk_widget_get_child_visible (GTK_WIDGET (row)))
        return row;
    }
  return NULL;
}

/* Scrolling the list to the selected row needs its allocation: tried on
 * each frame until there is one. */
static gboolean
scroll_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  BgComponentReference *self = user_data;
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->list_scroller));
  graphene_rect_t bounds;

  if (row != NULL && gtk_widget_get_height (GTK_WIDGET (self->list)) == 0 && ++self->scroll_tries < 30)
    return G_SOURCE_CONTINUE;
  if (row != NULL && gtk_widget_compute_bounds (GTK_WIDGET (row), GTK_WIDGET (self->list), &bounds))
    gtk_adjustment_clamp_page (adj, bounds.origin.y, bounds.origin.y + bounds.size.height);
  self->scroll_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
scroll_to_selected (BgComponentReference *self)
{
  self->scroll_tries = 0;
  if (self->scroll_tick == 0)
    self->scroll_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list), scroll_tick_cb, self, NULL);
}

/* The page ------------------------------------------------------------------ */

static GtkWidget *
make_text (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), TEXT_CHARS);
  return label;
}

static void
add_heading (BgComponentReference *self,
             const char           *text)
{
  GtkWidget *label = make_text (text);

  gtk_widget_add_css_class (label, "heading");
  gtk_widget_set_margin_top (label, 14);
  gtk_box_append (self->page, label);
}

static void
add_paragraph (BgComponentReference *self,
               const char           *text)
{
  gtk_box_append (self->page, make_text (text));
}

static GtkGrid *
add_grid (BgComponentReference *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), 10);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_set_halign (grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (grid, "reference-table");
  gtk_box_append (self->page, grid);
  return GTK_GRID (grid);
}

/* A cell: CHARS bounds its natural width (0: the text's own). */
static GtkWidget *
grid_cell (GtkGrid    *grid,
           int         column,
           int         row,
           const char *text,
           int         chars,
           const char *css_class)
{
  GtkWidget *label = make_text (text);

  gtk_label_set_max_width_chars (GTK_LABEL (label), chars > 0 ? chars : TEXT_CHARS);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_grid_attach (grid, label, column, row, 1, 1);
  return label;
}

static void
grid_headings (GtkGrid           *grid,
               const char *const *titles)
{
  for (int c = 0; titles[c] != NULL; c++)
    {
      GtkWidget *label = grid_cell (grid, c, 0, titles[c], 0, "dim-label");

      gtk_widget_add_css_class (label, "caption-heading");
    }
}

static const char *
or_dash (const char *text)
{
  return text != NULL && text[0] != '\0' ? text : "—";
}

static void
add_title (BgComponentReference  *self,
           const BgComponentSpec *spec)
{
  g_autofree char *title = g_strdup_printf ("%s — %s", spec->type, bg_component_spec_display_name (spec));
  GString *subtitle = g_string_new (NULL);
  GtkWidget *label = make_text (title);

  /* in its larger font a line of body text is fewer characters */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 36);
  gtk_widget_add_css_class (label, "title-2");
  gtk_widget_add_css_class (label, "reference-title");
  gtk_box_append (self->page, label);

  /* where it belongs: its domain, or its ports' domains; then its noun */
  if (spec->domain != BG_DOMAIN_NONE)
    g_string_append (subtitle, bg_domain_display_name (spec->domain));
  for (guint p = 0; spec->domain == BG_DOMAIN_NONE && p < spec->n_ports; p++)
    {
      const char *name = bg_domain_display_name (spec->ports[p].domain);

      if (strstr (subtitle->str, name) == NULL)
        g_string_append_printf (subtitle, "%s%s", subtitle->len > 0 ? ", " : "", name);
    }
  g_string_append_printf (subtitle, " · %s", bg_component_doc_noun (spec));
  label = make_text (subtitle->str);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (self->page, label);
  g_string_free (subtitle, TRUE);

  label = make_text (g_dgettext (GETTEXT_PACKAGE, spec->description));
  gtk_widget_set_margin_top (label, 8);
  gtk_box_append (self->page, label);
}

static void
add_ports (BgComponentReference  *self,
           const BgComponentSpec *spec)
{
  GtkGrid *grid;

  add_heading (self, _("Ports"));
  if (spec->variable_ports)
    {
      add_paragraph (self, _("p1, p2, … — one for each bond, in the order the bonds were drawn; at least two."));
      return;
    }
  grid = add_grid (self);
  for (guint p = 0; p < spec->n_ports; p++)
    {
      const BgPortSpec *port = &spec->ports[p];

      grid_cell (grid, 0, p, port->name, 0, "monospace");
      grid_cell (grid, 1, p, bg_domain_display_name (port->domain), 0, NULL);
      if (port->description != NULL && port->description[0] != '\0')
        grid_cell (grid, 2, p, g_dgettext (GETTEXT_PACKAGE, port->description), 30, "dim-label");
    }
}

/* As the equations page draws an equation (bg-equations-pane.c). */
static void
add_equations (BgComponentReference  *self,
               const BgComponentSpec *spec)
{
  g_auto(GStrv) lines = bg_component_doc_dup_equations (spec);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  add_heading (self, _("Equations"));
  gtk_widget_add_css_class (box, "reference-equations");
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *markup = bg_component_doc_equation_markup (lines[i]);
      GtkWidget *label = make_text (NULL);

      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_selectable (GTK_LABEL (label), TRUE);
      gtk_widget_set_focusable (label, FALSE);
      gtk_widget_add_css_class (label, "equation");
      gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, lines[i], -1);
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_box_append (self->page, box);
}

/* The default without its unit: the unit has a column of its own. */
static char *
default_without_unit (const BgParamSpec *param)
{
  char *text = bg_component_doc_dup_default (param);
  g_autofree char *unit = NULL;
  gsize len = strlen (text), unit_len;

  if (param->kind != BG_PARAM_NUMBER || param->unit == NULL || param->unit[0] == '\0')
    return text;
  unit = bg_units_localize (param->unit);
  unit_len = strlen (unit);
  if (len > unit_len + 1 && g_str_has_suffix (text, unit) && text[len - unit_len - 1] == ' ')
    text[len - unit_len - 1] = '\0';
  return text;
}

static void
add_params (BgComponentReference  *self,
            const BgComponentSpec *spec)
{
  const char *titles[] = { _("Name"), _("Meaning"), _("Unit"), _("Default"), _("Allowed"), NULL };
  GtkGrid *grid;

  add_heading (self, _("Parameters"));
  if (spec->n_params == 0)
    {
      add_paragraph (self, _("This component has no parameters."));
      return;
    }
  grid = add_grid (self);
  grid_headings (grid, titles);
  for (guint i = 0; i < spec->n_params; i++)
    {
      const BgParamSpec *param = &spec->params[i];
      g_autofree char *def = default_without_unit (param);
      g_autofree char *limit = bg_component_doc_dup_limit (param);
      g_autofree char *meaning = NULL;

      if (param->visible_if != NULL)
        {
          g_autofree char *when = g_strdup (param->visible_if);
          g_autofree char *with = NULL;

          /* the same words as docs/components.md (bg-component-doc.c) */
          g_strdelimit (when, "|", '/');
          with = g_strdup_printf (_(" (with %s)"), when);
          meaning = g_strconcat (g_dgettext (GETTEXT_PACKAGE, param->label), with, NULL);
        }
      else
        meaning = g_strdup (g_dgettext (GETTEXT_PACKAGE, param->label));
      grid_cell (grid, 0, i + 1, param->name, 0, "monospace");
      grid_cell (grid, 1, i + 1, meaning, 22, NULL);
      g_autofree char *unit = bg_units_localize (param->unit);

      grid_cell (grid, 2, i + 1, or_dash (unit), 0, NULL);
      grid_cell (grid, 3, i + 1, def, 10, NULL);
      grid_cell (grid, 4, i + 1, limit, 12, NULL);
    }
}

static void
add_outputs (BgComponentReference  *self,
             const BgComponentSpec *spec)
{
  const char *titles[] = { _("Variable"), _("Unit"), _("Meaning"), NULL };
  GtkGrid *grid;

  if (spec->n_vars == 0)
    return;
  add_heading (self, _("Outputs"));
  grid = add_grid (self);
  grid_headings (grid, titles);
  for (guint i = 0; i < spec->n_vars; i++)
    {
      const BgVarSpec *var = &spec->vars[i];
      g_autofree char *name = g_strconcat ("EL.", var->suffix, NULL);
      g_autofree char *unit = bg_units_localize (var->unit);

      grid_cell (grid, 0, i + 1, name, 0, "monospace");
      grid_cell (grid, 1, i + 1, or_dash (unit), 0, NULL);
      grid_cell (grid, 2, i + 1, g_dgettext (GETTEXT_PACKAGE, var->description), 30, NULL);
    }
  {
    GtkWidget *note = make_text (_("EL stands for the element's name, e.g. C1.q for the charge of C1."));

    gtk_widget_add_css_class (note, "dim-label");
    gtk_widget_set_margin_top (note, 4);
    gtk_box_append (self->page, note);
  }
}

static void
build_page (BgComponentReference  *self,
            const BgComponentSpec *spec)
{
  GtkWidget *child;
  g_autofree char *initial = bg_component_doc_dup_initial_state (spec);
  g_autofree char *causality = bg_component_doc_dup_causality (spec);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->page))) != NULL)
    gtk_box_remove (self->page, child);
  self->spec = spec;

  add_title (self, spec);
  add_ports (self, spec);
  add_equations (self, spec);
  add_params (self, spec);
  if (initial != NULL)
    {
      add_heading (self, _("Initial state"));
      add_paragraph (self, initial);
    }
  add_heading (self, _("Causality"));
  add_paragraph (self, causality);
  add_outputs (self, spec);

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->page_scroller)), 0);
}

/* Callbacks ------------------------------------------------------------------ */

static void
row_selected_cb (BgComponentReference *self,
                 GtkListBoxRow        *row,
                 GtkListBox           *list)
{
  if (row != NULL && row_spec (row) != self->spec)
    build_page (self, row_spec (row));
}

/* The search shows the first match when it hides the page's component. */
static void
search_changed_cb (BgComponentReference *self,
                   GtkSearchEntry       *entry)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  GtkListBoxRow *selected;
  GtkListBoxRow *first;

  g_free (self->needle);
  self->needle = g_utf8_casefold (trimmed, -1);
  gtk_list_box_invalidate_filter (self->list);
  gtk_list_box_invalidate_headers (self->list);
  selected = gtk_list_box_get_selected_row (self->list);
  first = first_shown_row (self);
  if (first != NULL && (selected == NULL || !gtk_widget_get_child_visible (GTK_WIDGET (selected))))
    gtk_list_box_select_row (self->list, first);
  scroll_to_selected (self);
}

/* Enter: into the list, at the first match. */
static void
search_activate_cb (BgComponentReference *self,
                    GtkSearchEntry       *entry)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);

  if (row == NULL || !gtk_widget_get_child_visible (GTK_WIDGET (row)))
    row = first_shown_row (self);
  if (row == NULL)
    return;
  gtk_list_box_select_row (self->list, row);
  gtk_widget_grab_focus (GTK_WIDGET (row));
}

/* Escape in the search: clears it, or closes the window when empty. */
static void
search_stop_cb (BgComponentReference *self,
                GtkSearchEntry       *entry)
{
  if (gtk_editable_get_text (GTK_EDITABLE (entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* API ------------------------------------------------------------------------ */

GtkWidget *
bg_component_reference_new (void)
{
  return g_object_new (BG_TYPE_COMPONENT_REFERENCE, NULL);
}

gboolean
bg_component_reference_show (BgComponentReference *self,
                             const char           *target)
{
  const BgComponentSpec *spec;
  GtkListBoxRow *row;

  g_return_val_if_fail (BG_IS_COMPONENT_REFERENCE (self), FALSE);

  spec = bg_component_reference_find (target);
  row = spec != NULL ? row_for_spec (self, spec) : NULL;
  if (row == NULL)
    return FALSE;
  if (!gtk_widget_get_child_visible (GTK_WIDGET (row)))
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  build_page (self, spec);
  gtk_list_box_select_row (self->list, row);
  scroll_to_selected (self);
  return TRUE;
}

const BgComponentSpec *
bg_component_reference_get_spec (BgComponentReference *self)
{
  g_return_val_if_fail (BG_IS_COMPONENT_REFERENCE (self), NULL);

  return self->spec;
}

/* GObject -------------------------------------------------------------------- */

static void
bg_component_reference_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  BgComponentReference *self = BG_COMPONENT_REFERENCE (object);

  switch (prop_id)
    {
    case PROP_PRESENTATION_MODE:
      g_value_set_boolean (value, self->presentation_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_component_reference_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  BgComponentReference *self = BG_COMPONENT_REFERENCE (object);

  switch (prop_id)
    {
    case PROP_PRESENTATION_MODE:
      if (self->presentation_mode == g_value_get_boolean (value))
        return;
      self->presentation_mode = g_value_get_boolean (value);
      if (self->presentation_mode)
        gtk_widget_add_css_class (GTK_WIDGET (self), "presentation");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self), "presentation");
      /* the rows change height with the text */
      scroll_to_selected (self);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bg_component_reference_dispose (GObject *object)
{
  BgComponentReference *self = BG_COMPONENT_REFERENCE (object);

  if (self->scroll_tick != 0 && self->list != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->list), self->scroll_tick);
  self->scroll_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), BG_TYPE_COMPONENT_REFERENCE);
  G_OBJECT_CLASS (bg_component_reference_parent_class)->dispose (object);
}

static void
bg_component_reference_finalize (GObject *object)
{
  BgComponentReference *self = BG_COMPONENT_REFERENCE (object);

  g_ptr_array_unref (self->specs);
  g_free (self->needle);
  G_OBJECT_CLASS (bg_component_reference_parent_class)->finalize (object);
}

static void
bg_component_reference_class_init (BgComponentReferenceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = bg_component_reference_get_property;
  object_class->set_property = bg_component_reference_set_property;
  object_class->dispose = bg_component_reference_dispose;
  object_class->finalize = bg_component_reference_finalize;

  properties[PROP_PRESENTATION_MODE] =
    g_param_spec_boolean ("presentation-mode", NULL, NULL, FALSE, _BG_PARAM_READWRITE);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/bgmod/BGMod/ui/bg-component-reference.ui");
  gtk_widget_class_bind_template_child (widget_class, BgComponentReference, search_entry);
  gtk_widget_class_bind_template_child (widget_class, BgComponentReference, list_scroller);
  gtk_widget_class_bind_template_child (widget_class, BgComponentReference, list);
  gtk_widget_class_bind_template_child (widget_class, BgComponentReference, page_scroller);
  gtk_widget_class_bind_template_child (widget_class, BgComponentReference, page);
  gtk_widget_class_bind_template_callback (widget_class, row_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_stop_cb);

  /* Escape and Ctrl+W close it, as a reference beside the editor */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
bg_component_reference_init (BgComponentReference *self)
{
  GtkWidget *placeholder;

  self->specs = g_ptr_array_new ();
  self->needle = g_strdup ("");
  gtk_widget_init_template (GTK_WIDGET (self));

  placeholder = make_text (_("No components match the search"));
  gtk_widget_add_css_class (placeholder, "dim-label");
  gtk_widget_set_margin_top (placeholder, 24);
  gtk_widget_set_margin_start (placeholder, 12);
  gtk_widget_set_margin_end (placeholder, 12);
  gtk_label_set_justify (GTK_LABEL (placeholder), GTK_JUSTIFY_CENTER);
  gtk_label_set_xalign (GTK_LABEL (placeholder), 0.5);
  gtk_list_box_set_placeholder (self->list, placeholder);
  gtk_list_box_set_filter_func (self->list, filter_cb, self, NULL);
  gtk_list_box_set_header_func (self->list, header_cb, NULL, NULL);
  fill_list (self);
  /* typing anywhere searches */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  bg_component_reference_show (self, "");
}
