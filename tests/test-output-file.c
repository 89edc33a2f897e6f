/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-output-file.c — core/bg-output-file.c: how each kind of target is
 * written (docs/command-line.md, Files).
 *
 * Owns: a new file and a replaced one (mode kept, no temporary file left),
 * a failed write that leaves the old file whole (a full disk simulated by
 * RLIMIT_FSIZE), a FIFO written into while its reader waits, devices
 * (/dev/null and, as root, nodes made with mknod in a temporary folder),
 * sockets and folders refused and left as they were, a symbolic link
 * followed, an fd written and left open. Must not: write outside its
 * temporary folder.
 */
/* mknod() and makedev() */
#define _DEFAULT_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "bg-output-file.h"

static char *
make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("test-output-file-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in dir, sorted, joined by spaces. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static void
write_all (const char *path, const char *text, BgOutputFileFlags flags)
{
  g_autoptr(GError) error = NULL;
  BgOutputFile *out = bg_output_file_open (path, flags, &error);

  g_assert_no_error (error);
  g_assert_true (bg_output_file_write (out, text, strlen (text)));
  g_assert_true (bg_output_file_commit (out, &error));
  g_assert_no_error (error);
}

static void
assert_contents (const char *path, const char *expected)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, expected);
}

static void
test_new_and_replaced (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *names = NULL;
  struct stat st;

  write_all (path, "t,x\n0,1\n", BG_OUTPUT_FILE_DEFAULT);
  assert_contents (path, "t,x\n0,1\n");
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);

  write_all (path, "t,y\n", BG_OUTPUT_FILE_DEFAULT);
  assert_contents (path, "t,y\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "out.csv");   /* no temporary file left */
  remove_dir (dir);
}

/* Until commit the old file is untouched; abort keeps it. */
static void
test_abort_keeps_old (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "model.bgmod", NULL);
  g_autofree char *names = NULL;
  BgOutputFile *out;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  out = bg_output_file_open (path, BG_OUTPUT_FILE_DEFAULT, NULL);
  g_assert_false (bg_output_file_is_direct (out));
  g_assert_nonnull (bg_output_file_get_temp_path (out));
  g_assert_true (bg_output_file_write (out, "new", 3));
  assert_contents (path, "old");
  bg_output_file_abort (out);
  assert_contents (path, "old");
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "model.bgmod");
  remove_dir (dir);
}

/* A disk that fills up: the file size limit makes writes fail with EFBIG
 * (SIGXFSZ ignored), as a full disk makes them fail with ENOSPC. */
static void
test_full_disk_keeps_old (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *old = g_strnfill (24000, 'o');
  g_autofree char *block = g_strnfill (4096, 'n');
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  struct rlimit saved, small;
  void (*saved_handler) (int);
  BgOutputFile *out;
  gboolean ok = TRUE;

  g_assert_true (g_file_set_contents (path, old, -1, NULL));
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  small = saved;
  small.rlim_cur = 16384;
  saved_handler = signal (SIGXFSZ, SIG_IGN);
  out = bg_output_file_open (path, BG_OUTPUT_FILE_DEFAULT, NULL);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &small), ==, 0);
  for (guint i = 0; i < 10 && ok; i++)
    ok = bg_output_file_write (out, block, 4096);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, saved_handler);
  g_assert_false (ok);
  g_assert_false (bg_output_file_is_ok (out));
  g_assert_false (bg_output_file_commit (out, &error));
  g_assert_error (error, BG_OUTPUT_FILE_ERROR, BG_OUTPUT_FILE_ERROR_IO);
  g_assert_cmpstr (error->message, ==, g_strerror (EFBIG));
  assert_contents (path, old);
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "out.csv");
  remove_dir (dir);
}

static gpointer
read_fifo_thread (gpointer data)
{
  g_autofree char *text = NULL;

  g_assert_true (g_file_get_contents (data, &text, NULL, NULL));
  return g_steal_pointer (&text);
}

/* A FIFO is written into while its reader waits, and stays a FIFO. */
static void
test_fifo (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "pipe", NULL);
  g_autofree char *got = NULL;
  GThread *reader;
  struct stat st;

  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  reader = g_thread_new ("reader", read_fifo_thread, path);
  write_all (path, "t,x\n0,1\n", BG_OUTPUT_FILE_DEFAULT);
  got = g_thread_join (reader);
  g_assert_cmpstr (got, ==, "t,x\n0,1\n");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  remove_dir (dir);
}

static void
assert_refused (const char *path, const char *reason)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) check_error = NULL;

  g_assert_null (bg_output_file_open (path, BG_OUTPUT_FILE_DEFAULT, &error));
  g_assert_error (error, BG_OUTPUT_FILE_ERROR, BG_OUTPUT_FILE_ERROR_REFUSED);
  g_assert_nonnull (strstr (error->message, reason));
  g_assert_false (bg_output_file_check (path, BG_OUTPUT_FILE_DEFAULT, &check_error));
  g_assert_cmpstr (check_error->message, ==, error->message);
}

static void
test_devices_refused (void)
{
  g_autoptr(GError) error = NULL;
  BgOutputFile *out;
  struct stat st;

  assert_refused ("/dev/null", "is a device, not a file");
  g_assert_cmpint (g_stat ("/dev/null", &st), ==, 0);
  g_assert_true (S_ISCHR (st.st_mode));

  /* Allowed (the editor's exports), a device is written into. */
  out = bg_output_file_open ("/dev/null", BG_OUTPUT_FILE_ALLOW_DEVICES, &error);
  g_assert_no_error (error);
  g_assert_true (bg_output_file_is_direct (out));
  g_assert_true (bg_output_file_write (out, "x", 1));
  g_assert_true (bg_output_file_commit (out, &error));
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      out = bg_output_file_open ("/dev/full", BG_OUTPUT_FILE_ALLOW_DEVICES, &error);
      g_assert_no_error (error);
      g_assert_false (bg_output_file_write (out, "x", 1));
      g_assert_false (bg_output_file_commit (out, &error));
      g_assert_cmpstr (error->message, ==, g_strerror (ENOSPC));
    }
}

/* As root, copies of /dev/full and /dev/null made with mknod in a
 * temporary folder are refused and stay devices. */
static void
test_mknod_devices (void)
{
  g_autofree char *dir = NULL;
  const char *names[] = { "full", "null" };
  const unsigned minors[] = { 7, 3 };

  if (geteuid () != 0)
    {
      g_test_skip ("making device nodes needs root");
      return;
    }
  dir = make_dir ();
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      struct stat st;

      if (mknod (path, S_IFCHR | 0666, makedev (1, minors[i])) != 0)
        {
          g_test_skip ("mknod is not permitted here");
          remove_dir (dir);
          return;
        }
      assert_refused (path, "is a device");
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_true (S_ISCHR (st.st_mode));
      g_assert_cmpuint (st.st_rdev, ==, makedev (1, minors[i]));
    }
  remove_dir (dir);
}

static void
test_socket_and_folder_refused (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "sock", NULL);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);
  struct stat st;

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (path), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, path);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  assert_refused (path, "is a socket, not a file");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_true (S_ISSOCK (st.st_mode));
  close (fd);

  assert_refused (dir, g_strerror (EISDIR));
  remove_dir (dir);
}

static void
test_missing_folder (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bg_output_file_check ("/nonexistent/x.csv", BG_OUTPUT_FILE_DEFAULT, NULL));
  g_assert_null (bg_output_file_open ("/nonexistent/x.csv", BG_OUTPUT_FILE_DEFAULT, &error));
  g_assert_error (error, BG_OUTPUT_FILE_ERROR, BG_OUTPUT_FILE_ERROR_IO);
  g_assert_cmpstr (error->message, ==, g_strerror (ENOENT));
}

/* A symbolic link stays a link; the file it names is replaced. */
static void
test_symlink (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real = g_build_filename (dir, "real.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *names = NULL;
  struct stat st;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (symlink ("real.csv", link), ==, 0);
  write_all (link, "new", BG_OUTPUT_FILE_DEFAULT);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  assert_contents (real, "new");
  names = list_dir (dir);
  g_assert_cmpstr (names, ==, "link.csv real.csv");
  remove_dir (dir);
}

static void
test_fd (void)
{
  int fds[2];
  char buf[8] = { 0 };
  BgOutputFile *out;

  g_assert_cmpint (pipe (fds), ==, 0);
  out = bg_output_file_new_for_fd (fds[1]);
  g_assert_true (bg_output_file_is_direct (out));
  g_assert_true (bg_output_file_write (out, "abc", 3));
  g_assert_true (bg_output_file_commit (out, NULL));
  g_assert_cmpint (write (fds[1], "d", 1), ==, 1);   /* still open */
  close (fds[1]);
  g_assert_cmpint (read (fds[0], buf, sizeof buf - 1), ==, 4);
  g_assert_cmpstr (buf, ==, "abcd");
  close (fds[0]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/output-file/new-and-replaced", test_new_and_replaced);
  g_test_add_func ("/core/output-file/abort-keeps-old", test_abort_keeps_old);
  g_test_add_func ("/core/output-file/full-disk-keeps-old", test_full_disk_keeps_old);
  g_test_add_func ("/core/output-file/fifo", test_fifo);
  g_test_add_func ("/core/output-file/devices-refused", test_devices_refused);
  g_test_add_func ("/core/output-file/mknod-devices", test_mknod_devices);
  g_test_add_func ("/core/output-file/socket-and-folder-refused", test_socket_and_folder_refused);
  g_test_add_func ("/core/output-file/missing-folder", test_missing_folder);
  g_test_add_func ("/core/output-file/symlink", test_symlink);
  g_test_add_func ("/core/output-file/fd", test_fd);
  return g_test_run ();
}
