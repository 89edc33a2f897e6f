/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-document.c — the open document's analysis as a property.
 *
 * Owns: tests of BgCausality as a boxed, reference-counted type and of
 * BgDocument's "causality" property of that type: read through GValue it
 * is the document's own analysis (a reference, not a copy), it is notified
 * once per model change, an analysis kept by a reader outlives the next
 * one, a binding carries it to another object, and nothing leaks (the
 * objects are finalized; valgrind and LSan run this suite in CI).
 * Must not: depend on GTK.
 */
#include "config.h"

#include <glib-object.h>

#include "bg-document.h"

/* A view that takes the analysis through a writable boxed property, as a
 * widget bound to the document would. */
#define TEST_TYPE_VIEW (test_view_get_type ())
G_DECLARE_FINAL_TYPE (TestView, test_view, TEST, VIEW, GObject)

struct _TestView
{
  GObject      parent_instance;
  BgCausality *causality;
  guint        n_set;
};

G_DEFINE_FINAL_TYPE (TestView, test_view, G_TYPE_OBJECT)

enum { VIEW_PROP_0, VIEW_PROP_CAUSALITY };

static void
test_view_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TestView *self = TEST_VIEW (object);

  g_assert_cmpuint (prop_id, ==, VIEW_PROP_CAUSALITY);
  g_clear_pointer (&self->causality, bg_causality_unref);
  self->causality = g_value_dup_boxed (value);
  self->n_set++;
}

static void
test_view_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  g_assert_cmpuint (prop_id, ==, VIEW_PROP_CAUSALITY);
  g_value_set_boxed (value, TEST_VIEW (object)->causality);
}

static void
test_view_finalize (GObject *object)
{
  g_clear_pointer (&TEST_VIEW (object)->causality, bg_causality_unref);

  G_OBJECT_CLASS (test_view_parent_class)->finalize (object);
}

static void
test_view_class_init (TestViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = test_view_set_property;
  object_class->get_property = test_view_get_property;
  object_class->finalize = test_view_finalize;
  g_object_class_install_property (object_class, VIEW_PROP_CAUSALITY,
    g_param_spec_boxed ("causality", NULL, NULL, BG_TYPE_CAUSALITY,
                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
test_view_init (TestView *self)
{
}

/* Helpers ------------------------------------------------------------------ */

static void
add_element (BgDocument *document,
             const char *type,
             double      x)
{
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (bg_model_add_element (bg_document_get_model (document), type,
                                          BG_DOMAIN_ELECTRICAL, NULL, x, 40, &error));
  g_assert_no_error (error);
}

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          guint      *count)
{
  (*count)++;
}

/* Tests -------------------------------------------------------------------- */

static void
test_boxed_type (void)
{
  g_autoptr(BgModel) model = bg_model_new ();
  BgCausality *causality = bg_causality_analyze (model);
  BgCausality *copy;

  g_assert_true (G_TYPE_IS_BOXED (BG_TYPE_CAUSALITY));
  g_assert_cmpstr (g_type_name (BG_TYPE_CAUSALITY), ==, "BgCausality");

  /* a boxed copy is a reference to the same immutable analysis */
  copy = g_boxed_copy (BG_TYPE_CAUSALITY, causality);
  g_assert_true (copy == causality);
  bg_causality_unref (causality);
  g_assert_cmpuint (bg_causality_get_revision (copy), ==, bg_model_get_revision (model));
  g_boxed_free (BG_TYPE_CAUSALITY, copy);
}

static void
test_property (void)
{
  BgDocument *document = bg_document_new ();
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (document),
                                                    "causality");
  BgCausality *read = NULL;
  BgCausality *before;
  guint notified = 0;

  g_assert_nonnull (pspec);
  g_assert_true (G_IS_PARAM_SPEC_BOXED (pspec));
  g_assert_true (G_PARAM_SPEC_VALUE_TYPE (pspec) == BG_TYPE_CAUSALITY);
  g_assert_true (pspec->flags & G_PARAM_READABLE);
  g_assert_false (pspec->flags & G_PARAM_WRITABLE);
  g_assert_true (pspec->flags & G_PARAM_EXPLICIT_NOTIFY);

  /* the property is the document's own analysis, as a new reference */
  g_object_get (document, "causality", &read, NULL);
  g_assert_true (read == bg_document_get_causality (document));
  before = read;

  /* every model change is analysed again and notified once */
  g_signal_connect (document, "notify::causality", G_CALLBACK (count_cb), &notified);
  add_element (document, "C", 40);
  g_assert_cmpuint (notified, ==, 1);
  add_element (document, "R", 140);
  g_assert_cmpuint (notified, ==, 2);
  g_assert_true (bg_document_get_causality (document) != before);
  g_assert_cmpuint (bg_causality_get_revision (bg_document_get_causality (document)), ==,
                    bg_model_get_revision (bg_document_get_model (document)));

  /* the reference read before still holds the analysis of the empty model */
  g_assert_false (bg_causality_is_ok (before));
  g_assert_cmpstr (((BgDiagnostic *) g_ptr_array_index ((GPtrArray *) bg_causality_get_errors (before), 0))->code,
                   ==, "empty-model");
  bg_causality_unref (read);

  /* a new choice of plotted variables alone is no new analysis */
  bg_model_set_view_json (bg_document_get_model (document), "{\"plots\": {\"vars\": [\"C1.e\"]}}");
  g_assert_cmpuint (notified, ==, 2);

  g_assert_finalize_object (document);
}

static void
test_binding (void)
{
  BgDocument *document = bg_document_new ();
  TestView *view = g_object_new (TEST_TYPE_VIEW, NULL);

  g_object_bind_property (document, "causality", view, "causality", G_BINDING_SYNC_CREATE);
  g_assert_true (view->causality == bg_document_get_causality (document));
  g_assert_cmpuint (view->n_set, ==, 1);

  add_element (document, "I", 40);
  g_assert_cmpuint (view->n_set, ==, 2);
  g_assert_true (view->causality == bg_document_get_causality (document));

  /* the view's reference keeps the last analysis after the document goes */
  bg_causality_ref (view->causality);
  g_assert_finalize_object (document);
  g_assert_nonnull (view->causality);
  g_assert_cmpuint (bg_causality_get_n_bonds (view->causality), ==, 0);
  bg_causality_unref (view->causality);
  g_assert_finalize_object (view);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/document/causality-boxed-type", test_boxed_type);
  g_test_add_func ("/core/document/causality-property", test_property);
  g_test_add_func ("/core/document/causality-binding", test_binding);

  return g_test_run ();
}
