/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-test-xdo.c — real input through xdotool for the component UI tests.
 *
 * Owns: spawning xdotool for pointer motion, clicks, drags and keys on a
 * widget's X window, waiting for a condition, and ImageMagick's import for
 * a window's screenshot.
 * Must not: assert on the application, or synthesise GDK events (those
 * bypass the event path a user's input takes).
 */
#include "config.h"

#include <math.h>
#include <gdk/x11/gdkx.h>

#include "bg-test-ui.h"
#include "bg-test-xdo.h"

gboolean
bg_test_xdo_available (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");

  return xdotool != NULL && GDK_IS_X11_DISPLAY (gdk_display_get_default ());
}

void
bg_test_xdo (const char *format,
             ...)
{
  g_autofree char *args = NULL;
  g_autofree char *line = NULL;
  g_auto(GStrv) argv = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;
  va_list ap;

  va_start (ap, format);
  args = g_strdup_vprintf (format, ap);
  va_end (ap);
  line = g_strconcat ("xdotool ", args, NULL);
  g_assert_true (g_shell_parse_argv (line, NULL, &argv, &error));
  g_assert_true (g_spawn_sync (NULL, argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

static gulong
xid_of (GtkWidget *widget)
{
  return gdk_x11_surface_get_xid (gtk_native_get_surface (gtk_widget_get_native (widget)));
}

/* A point of widget in its window's X coordinates. */
static void
to_window (GtkWidget *widget,
           double     x,
           double     y,
           int       *wx,
           int       *wy)
{
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t at;
  double tx, ty;

  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native),
                                           &GRAPHENE_POINT_INIT (x, y), &at));
  gtk_native_get_surface_transform (native, &tx, &ty);
  *wx = (int) lround (at.x + tx);
  *wy = (int) lround (at.y + ty);
}

void
bg_test_xdo_pointer_to (GtkWidget *widget,
                        double     x,
                        double     y)
{
  int wx, wy;

  to_window (widget, x, y, &wx, &wy);
  bg_test_xdo ("mousemove --sync --window %lu %d %d", xid_of (widget), wx, wy);
  bg_test_ui_wait_ms (30);
}

/* Turns the loop until the condition holds (at most 5 s), then a little
 * longer: a bar that came or went has its layout, and the graph its place
 * on the screen, before the next point is aimed at. */
gboolean
bg_test_xdo_wait_for (BgTestXdoCondition condition,
                      gpointer           data)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  bg_test_ui_wait_ms (250);
  bg_test_ui_pump ();
  return TRUE;
}

void
bg_test_xdo_double_click (GtkWidget *widget,
                          double     x,
                          double     y)
{
  bg_test_xdo_pointer_to (widget, x, y);
  bg_test_xdo ("click --repeat 2 --delay 60 1");
  bg_test_ui_wait_ms (100);
  bg_test_ui_pump ();
}

void
bg_test_xdo_click (GtkWidget *widget,
                   double     x,
                   double     y)
{
  bg_test_xdo_pointer_to (widget, x, y);
  bg_test_xdo ("click 1");
  bg_test_ui_wait_ms (100);
  bg_test_ui_pump ();
}

void
bg_test_xdo_drag (GtkWidget *widget,
                  double     x0,
                  double     y0,
                  double     x1,
                  double     y1)
{
  bg_test_xdo_pointer_to (widget, x0, y0);
  bg_test_xdo ("mousedown 1");
  bg_test_ui_wait_ms (30);
  for (guint i = 1; i <= 8; i++)
    bg_test_xdo_pointer_to (widget, x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8);
  bg_test_xdo ("mouseup 1");
  bg_test_ui_wait_ms (100);
  bg_test_ui_pump ();
}

void
bg_test_xdo_keys (GtkWidget  *widget,
                  const char *names)
{
  bg_test_xdo ("windowfocus --sync %lu", xid_of (widget));
  bg_test_ui_wait_ms (30);
  bg_test_xdo ("key --delay 40 %s", names);
  bg_test_ui_wait_ms (100);
  bg_test_ui_pump ();
}

void
bg_test_xdo_type (GtkWidget  *widget,
                  const char *text)
{
  bg_test_xdo ("windowfocus --sync %lu", xid_of (widget));
  bg_test_xdo ("type --delay 40 %s", text);
  bg_test_ui_wait_ms (100);
  bg_test_ui_pump ();
}

void
bg_test_xdo_screenshot (GtkWidget  *window,
                        const char *name)
{
  const char *dir = g_getenv ("BGMOD_TEST_SCREENSHOT_DIR");
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  g_autofree char *xid = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { "import", "-window", NULL, NULL, NULL };
  int status = 0;

  if (dir == NULL || *dir == '\0')
    return;
  bg_test_ui_wait_ms (400);
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  xid = g_strdup_printf ("%lu", xid_of (window));
  argv[2] = xid;
  argv[3] = path;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_test_message ("screenshot %s", path);
}
