/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-pointer.c — real pointer clicks and key presses for UI tests.
 *
 * Owns: finding a widget's point on the X screen and sending motion,
 * button and key events there through XTEST, which Xvfb provides. libXtst
 * is opened at run time (only its shared library is needed, not its
 * headers), so a machine without it builds the tests and skips these.
 * Must not: assert on the application, or synthesise GDK events (those
 * bypass the event path a user's click takes).
 */
#include "config.h"

#include "bg-test-pointer.h"

#ifdef BG_TEST_POINTER_X11

#include <gdk/x11/gdkx.h>
#include <gmodule.h>

#include "bg-test-ui.h"

/* The XTEST calls used, as libXtst declares them (X11/extensions/XTest.h). */
typedef int (*FakeMotionFunc) (Display *, int, int, int, unsigned long);
typedef int (*FakeButtonFunc) (Display *, unsigned int, Bool, unsigned long);
typedef int (*FakeKeyFunc) (Display *, unsigned int, Bool, unsigned long);

static struct
{
  gboolean       tried;
  GModule       *module;
  FakeMotionFunc motion;
  FakeButtonFunc button;
  FakeKeyFunc    key;
  const char    *why;
} xtest;

/* Time for the server to deliver an event and GTK to handle it. */
#define EVENT_MS 40

static Display *
x_display (void)
{
  GdkDisplay *display = gdk_display_get_default ();

  return GDK_IS_X11_DISPLAY (display) ? gdk_x11_display_get_xdisplay (display) : NULL;
}

gboolean
bg_test_pointer_available (const char **why)
{
  if (!xtest.tried)
    {
      xtest.tried = TRUE;
      if (x_display () == NULL)
        xtest.why = "the display is not X11";
      else if ((xtest.module = g_module_open ("libXtst.so.6", G_MODULE_BIND_LOCAL)) == NULL)
        xtest.why = "libXtst.so.6 (XTEST) is not installed";
      else if (!g_module_symbol (xtest.module, "XTestFakeMotionEvent", (gpointer *) &xtest.motion) ||
               !g_module_symbol (xtest.module, "XTestFakeButtonEvent", (gpointer *) &xtest.button) ||
               !g_module_symbol (xtest.module, "XTestFakeKeyEvent", (gpointer *) &xtest.key))
        xtest.why = "libXtst.so.6 lacks the XTEST calls";
    }
  if (why != NULL)
    *why = xtest.why;
  return xtest.why == NULL;
}

static void
settle (void)
{
  XSync (x_display (), False);
  bg_test_ui_wait_ms (EVENT_MS);
  bg_test_ui_pump ();
}

/* (@x, @y) in @widget to the X screen's root coordinates. */
static void
to_screen (GtkWidget *widget,
           double     x,
           double     y,
           int       *root_x,
           int       *root_y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t in = GRAPHENE_POINT_INIT (x, y), out;
  double sx = 0, sy = 0;
  int scale = gdk_surface_get_scale_factor (surface);
  Window child;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &in, &out));
  gtk_native_get_surface_transform (native, &sx, &sy);
  XTranslateCoordinates (x_display (), gdk_x11_surface_get_xid (surface),
                         DefaultRootWindow (x_display ()),
                         (int) ((out.x + sx) * scale), (int) ((out.y + sy) * scale),
                         root_x, root_y, &child);
}

static void
move_to (GtkWidget *widget,
         double     x,
         double     y)
{
  int rx = 0, ry = 0;

  to_screen (widget, x, y, &rx, &ry);
  xtest.motion (x_display (), -1, rx, ry, CurrentTime);
  settle ();
}

void
bg_test_pointer_click (GtkWidget *widget,
                       double     x,
                       double     y)
{
  g_assert_true (bg_test_pointer_available (NULL));
  g_assert_true (gtk_widget_get_mapped (widget));

  move_to (widget, x, y);
  xtest.button (x_display (), 1, True, CurrentTime);
  settle ();
  xtest.button (x_display (), 1, False, CurrentTime);
  settle ();
}

void
bg_test_pointer_secondary_click (GtkWidget *widget,
                                 double     x,
                                 double     y)
{
  g_assert_true (bg_test_pointer_available (NULL));
  g_assert_true (gtk_widget_get_mapped (widget));

  move_to (widget, x, y);
  xtest.button (x_display (), 3, True, CurrentTime);
  settle ();
  xtest.button (x_display (), 3, False, CurrentTime);
  settle ();
}

void
bg_test_pointer_double_click (GtkWidget *widget,
                              double     x,
                              double     y)
{
  g_assert_true (bg_test_pointer_available (NULL));
  g_assert_true (gtk_widget_get_mapped (widget));

  move_to (widget, x, y);
  for (int i = 0; i < 2; i++)
    {
      xtest.button (x_display (), 1, True, CurrentTime);
      XSync (x_display (), False);
      bg_test_ui_wait_ms (20);
      xtest.button (x_display (), 1, False, CurrentTime);
      XSync (x_display (), False);
      bg_test_ui_wait_ms (20);
    }
  settle ();
}

void
bg_test_pointer_move (GtkWidget *widget,
                      double     x,
                      double     y)
{
  g_assert_true (bg_test_pointer_available (NULL));
  move_to (widget, x, y);
}

void
bg_test_pointer_press (GtkWidget *widget,
                       double     x,
                       double     y)
{
  g_assert_true (bg_test_pointer_available (NULL));
  move_to (widget, x, y);
  xtest.button (x_display (), 1, True, CurrentTime);
  settle ();
}

void
bg_test_pointer_release (void)
{
  g_assert_true (bg_test_pointer_available (NULL));
  xtest.button (x_display (), 1, False, CurrentTime);
  settle ();
}

void
bg_test_pointer_move_wait (GtkWidget *widget,
                           double     x,
                           double     y,
                           guint      wait_ms)
{
  int rx = 0, ry = 0;

  g_assert_true (bg_test_pointer_available (NULL));
  to_screen (widget, x, y, &rx, &ry);
  xtest.motion (x_display (), -1, rx, ry, CurrentTime);
  XSync (x_display (), False);
  if (wait_ms > 0)
    bg_test_ui_wait_ms (wait_ms);
  bg_test_ui_pump ();
}

void
bg_test_pointer_drag (GtkWidget *widget,
                      double     x0,
                      double     y0,
                      double     x1,
                      double     y1)
{
  const int steps = 6;

  g_assert_true (bg_test_pointer_available (NULL));
  move_to (widget, x0, y0);
  xtest.button (x_display (), 1, True, CurrentTime);
  settle ();
  for (int i = 1; i <= steps; i++)
    move_to (widget, x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps);
  xtest.button (x_display (), 1, False, CurrentTime);
  settle ();
}

static KeyCode keycode_for (guint keyval);

/* The key for @code pressed and released at once, then handled. Not held
 * down while the loop turns: settle () turns it as long as there is work
 * (a whole Explain Causality Play), and a key held for the server's
 * autorepeat delay (660 ms on Xvfb) is pressed again and again — a Play
 * key toggled off and on. */
static void
tap (KeyCode code)
{
  xtest.key (x_display (), code, True, CurrentTime);
  xtest.key (x_display (), code, False, CurrentTime);
  settle ();
}

void
bg_test_pointer_key (guint keyval)
{
  g_assert_true (bg_test_pointer_available (NULL));
  tap (keycode_for (keyval));
}

static KeyCode
keycode_for (guint keyval)
{
  /* GDK's key values are the X keysyms */
  KeyCode code = XKeysymToKeycode (x_display (), (KeySym) keyval);

  g_assert_cmpuint (code, !=, 0);
  return code;
}

void
bg_test_pointer_key_with (guint modifier,
                          guint keyval)
{
  KeyCode mod, key;

  g_assert_true (bg_test_pointer_available (NULL));
  mod = keycode_for (modifier);
  key = keycode_for (keyval);
  xtest.key (x_display (), mod, True, CurrentTime);
  settle ();
  tap (key);
  xtest.key (x_display (), mod, False, CurrentTime);
  settle ();
}

void
bg_test_pointer_key_with2 (guint modifier1,
                           guint modifier2,
                           guint keyval)
{
  KeyCode m1, m2, key;

  g_assert_true (bg_test_pointer_available (NULL));
  m1 = keycode_for (modifier1);
  m2 = keycode_for (modifier2);
  key = keycode_for (keyval);
  xtest.key (x_display (), m1, True, CurrentTime);
  xtest.key (x_display (), m2, True, CurrentTime);
  settle ();
  tap (key);
  xtest.key (x_display (), m2, False, CurrentTime);
  xtest.key (x_display (), m1, False, CurrentTime);
  settle ();
}

void
bg_test_pointer_type (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      g_assert_true (g_ascii_isdigit (*p) || g_ascii_islower (*p) || *p == '.' || *p == ' ');
      bg_test_pointer_key (*p == '.' ? GDK_KEY_period : *p == ' ' ? GDK_KEY_space
                           : gdk_unicode_to_keyval (*p));
    }
}

#else /* !BG_TEST_POINTER_X11 */

/* Built without GTK's X11 backend or Xlib: every test that clicks skips. */
gboolean
bg_test_pointer_available (const char **why)
{
  if (why != NULL)
    *why = "built without GTK's X11 backend";
  return FALSE;
}

void
bg_test_pointer_click (GtkWidget *widget,
                       double     x,
                       double     y)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_drag (GtkWidget *widget,
                      double     x0,
                      double     y0,
                      double     x1,
                      double     y1)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_key (guint keyval)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_double_click (GtkWidget *widget,
                              double     x,
                              double     y)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_secondary_click (GtkWidget *widget,
                                 double     x,
                                 double     y)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_move (GtkWidget *widget,
                      double     x,
                      double     y)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_press (GtkWidget *widget,
                       double     x,
                       double     y)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_release (void)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_move_wait (GtkWidget *widget,
                           double     x,
                           double     y,
                           guint      wait_ms)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_key_with2 (guint modifier1,
                           guint modifier2,
                           guint keyval)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_key_with (guint modifier,
                          guint keyval)
{
  g_assert_not_reached ();
}

void
bg_test_pointer_type (const char *text)
{
  g_assert_not_reached ();
}

#endif
