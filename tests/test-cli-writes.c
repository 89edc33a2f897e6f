/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-writes.c — what bgmod-cli does to the files it writes and to
 * its standard output (docs/command-line.md, Files and Standard output).
 *
 * Owns: /cli/writes/devices (as root, nodes made with mknod in a
 * temporary folder, and a socket, are refused by every writer — --csv,
 * --plot, render --output, fix --output — with exit 2 and left as they
 * were), /cli/writes/fifo (a FIFO's waiting reader gets the whole output
 * of each writer and the FIFO stays), /cli/writes/full-disk (a write that
 * fails — the file size limit standing in for a full disk — leaves the old
 * file whole and no temporary file, for simulate --csv, --sweep --csv,
 * bode --csv and fix), /cli/writes/stdout (every command whose standard
 * output is /dev/full exits 2 saying so), /cli/writes/fix-keeps-keys (fix
 * carries top-level keys it does not know) and /cli/writes/sweep-fifo (a
 * sweep streamed into a FIFO is the CSV it writes to a file). Must not:
 * write outside its temporary folders.
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
#include <glib/gstdio.h>

#include "bg-test-cli.h"

static char *
example (const char *name)
{
  const char *datadir = g_getenv ("BGMOD_DATADIR");

  g_assert_nonnull (datadir);
  return g_build_filename (datadir, "examples", name, NULL);
}

static char *
make_dir (void)
{
  char *dir = g_dir_make_tmp ("test-cli-writes-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return dir;
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

static gboolean
run_args (BgCliRun *run, const char *const *args)
{
  return bg_test_run_cli (run, args, NULL);
}

/* The writers, each aimed at TARGET. */
static void
writer_args (guint which, const char *target, const char *args[8])
{
  static char *rc = NULL, *conflict = NULL;

  if (rc == NULL)
    {
      rc = example ("rc-circuit.bgmod");
      conflict = example ("conflict-two-capacitors.bgmod");
    }
  memset (args, 0, 8 * sizeof *args);
  switch (which)
    {
    case 0:
      args[0] = "simulate", args[1] = rc, args[2] = "--vars", args[3] = "C1.e", args[4] = "--csv";
      args[5] = target;
      break;
    case 1:
      args[0] = "simulate", args[1] = rc, args[2] = "--plot", args[3] = target;
      break;
    case 2:
      args[0] = "render", args[1] = rc, args[2] = "--output", args[3] = target;
      break;
    default:
      args[0] = "fix", args[1] = conflict, args[2] = "--output", args[3] = target;
      break;
    }
}

#define N_WRITERS 4

static void
assert_refused_and_kept (const char *path, mode_t type, dev_t rdev)
{
  for (guint w = 0; w < N_WRITERS; w++)
    {
      const char *args[8];
      BgCliRun run;
      struct stat st;

      writer_args (w, path, args);
      if (!run_args (&run, args))
        return;
      g_test_message ("%s → %s: %d %s", args[0], path, run.status, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "cannot write "));
      g_assert_nonnull (strstr (run.err, path));
      g_assert_cmpint (g_lstat (path, &st), ==, 0);
      g_assert_cmpuint (st.st_mode & S_IFMT, ==, type);
      if (rdev != 0)
        g_assert_cmpuint (st.st_rdev, ==, rdev);
      bg_cli_run_clear (&run);
    }
}

/* Plots and pictures have a name ending in .png or .svg: the nodes get one. */
static void
test_devices (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *sock = g_build_filename (dir, "sock.png", NULL);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (sock), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, sock);
  g_assert_cmpint (bind (fd, (struct sockaddr *) &addr, sizeof addr), ==, 0);
  assert_refused_and_kept (sock, S_IFSOCK, 0);
  close (fd);

  if (geteuid () != 0)
    g_test_message ("not root: no device nodes made");
  else
    {
      const char *names[] = { "full.png", "null.png" };
      const unsigned minors[] = { 7, 3 };

      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *node = g_build_filename (dir, names[i], NULL);

          if (mknod (node, S_IFCHR | 0666, makedev (1, minors[i])) != 0)
            {
              g_test_message ("mknod refused: %s", g_strerror (errno));
              break;
            }
          assert_refused_and_kept (node, S_IFCHR, makedev (1, minors[i]));
        }
    }
  remove_dir (dir);
}

/* Reads a FIFO opened before the writer starts, until told to stop. */
typedef struct
{
  int       fd;
  GString  *got;
  gboolean  stop;
  GMutex    lock;
} Reader;

static gpointer
read_fifo_thread (gpointer data)
{
  Reader *r = data;

  for (;;)
    {
      char buf[65536];
      ssize_t n = read (r->fd, buf, sizeof buf);
      gboolean stop;

      if (n > 0)
        {
          g_string_append_len (r->got, buf, n);
          continue;
        }
      g_mutex_lock (&r->lock);
      stop = r->stop;
      g_mutex_unlock (&r->lock);
      if (stop && n == 0)
        break;
      g_usleep (2000);   /* no writer yet (EOF), or nothing yet (EAGAIN) */
    }
  return NULL;
}

static void
run_into_fifo (const char *const *args, const char *fifo, BgCliRun *run, GString *got)
{
  Reader r = { -1, got, FALSE };
  GThread *thread;

  g_mutex_init (&r.lock);
  /* Non-blocking: the open does not wait for a writer, which then never
   * waits for this reader either. */
  r.fd = open (fifo, O_RDONLY | O_NONBLOCK);
  g_assert_cmpint (r.fd, >=, 0);
  thread = g_thread_new ("reader", read_fifo_thread, &r);
  run_args (run, args);
  g_mutex_lock (&r.lock);
  r.stop = TRUE;
  g_mutex_unlock (&r.lock);
  g_thread_join (thread);
  close (r.fd);
  g_mutex_clear (&r.lock);
}

/* Every writer writes into a FIFO a reader waits on; the FIFO stays. The
 * same command into a regular file gives the same bytes. */
static void
test_fifo (void)
{
  g_autofree char *dir = make_dir ();

  for (guint w = 0; w < N_WRITERS; w++)
    {
      g_autofree char *fifo = g_build_filename (dir, w == 3 ? "pipe.bgmod" : "pipe.png", NULL);
      g_autofree char *file = g_build_filename (dir, w == 3 ? "file.bgmod" : "file.png", NULL);
      g_autoptr(GString) got = g_string_new (NULL);
      g_autofree char *expected = NULL;
      const char *args[8];
      BgCliRun run;
      struct stat st;
      gsize length = 0;

      g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
      writer_args (w, fifo, args);
      if (g_getenv ("BGMOD_CLI") == NULL)
        {
          g_test_skip ("BGMOD_CLI is not set; run through meson test");
          return;
        }
      run_into_fifo (args, fifo, &run, got);
      g_test_message ("%s → FIFO: %d %s, %zu bytes", args[0], run.status, run.err, got->len);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_cmpint (g_lstat (fifo, &st), ==, 0);
      g_assert_true (S_ISFIFO (st.st_mode));
      bg_cli_run_clear (&run);

      writer_args (w, file, args);
      run_args (&run, args);
      g_assert_cmpint (run.status, ==, 0);
      bg_cli_run_clear (&run);
      g_assert_true (g_file_get_contents (file, &expected, &length, NULL));
      g_assert_cmpuint (got->len, >, 0);
      if (w != 1 && w != 2)   /* a picture's bytes may hold a time stamp */
        {
          g_assert_cmpuint (got->len, ==, length);
          g_assert_true (memcmp (got->str, expected, length) == 0);
        }
      g_unlink (fifo);
      g_unlink (file);
    }
  remove_dir (dir);
}

/* In the child: writes beyond 16 KiB fail with EFBIG, as on a full disk. */
static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { 16384, 16384 };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

static void
test_full_disk (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  g_autofree char *big = NULL;
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "old.csv", NULL);
  g_autofree char *old = g_strnfill (24000, 'o');
  const char *cases[][12] = {
    { "simulate", rc, "--csv", path, NULL },
    { "simulate", rlc, "--sweep", "R1.value=1,2,3,4,5,6,7,8", "--csv", path, NULL },
    { "bode", rlc, "--input", "U", "--output", "C1.e", "--points", "2000", "--csv", path, NULL },
    { "fix", NULL, "--output", path, NULL },
  };

  /* A model of a few hundred kilobytes for fix: its output is as large. */
  {
    g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
    g_autofree char *text = NULL;
    g_autoptr(GString) padded = NULL;

    g_assert_true (g_file_get_contents (conflict, &text, NULL, NULL));
    padded = g_string_new (text);
    g_string_truncate (padded, strrchr (padded->str, '}') - padded->str);
    g_string_append (padded, ",\n  \"padding\": \"");
    for (guint i = 0; i < 40000; i++)
      g_string_append_c (padded, 'p');
    g_string_append (padded, "\"\n}\n");
    big = g_build_filename (dir, "big.bgmod", NULL);
    g_assert_true (g_file_set_contents (big, padded->str, -1, NULL));
    cases[3][1] = big;
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *now = NULL;
      g_autofree char *names = NULL;
      BgCliRun run;

      g_assert_true (g_file_set_contents (path, old, -1, NULL));
      if (!bg_test_run_cli_full (&run, cases[i], NULL, limit_file_size, NULL, TRUE))
        return;
      g_test_message ("%s: %d %s", cases[i][0], run.status, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "cannot write "));
      g_assert_nonnull (strstr (run.err, g_strerror (EFBIG)));
      g_assert_true (g_file_get_contents (path, &now, NULL, NULL));
      g_assert_cmpstr (now, ==, old);
      names = list_dir (dir);
      g_assert_cmpstr (names, ==, "big.bgmod old.csv");
      bg_cli_run_clear (&run);
    }
  remove_dir (dir);
}

/* In the child: standard output is /dev/full. */
static void
stdout_to_full (gpointer data)
{
  int fd = open ("/dev/full", O_WRONLY);

  if (fd >= 0)
    {
      dup2 (fd, STDOUT_FILENO);
      close (fd);
    }
}

static void
test_stdout (void)
{
  g_autofree char *rc = example ("rc-circuit.bgmod");
  g_autofree char *student = g_test_build_filename (G_TEST_DIST, "data", "hostile", "cylinder-ok.bgmod",
                                                    NULL);
  const char *cases[][8] = {
    { "analyze", rc, "--json", NULL },
    { "analyze", rc, "--steps", "--json", NULL },
    { "analyze", rc, NULL },
    { "equations", rc, NULL },
    { "equations", rc, "--json", NULL },
    { "equations", rc, "--latex", NULL },
    { "linearize", rc, NULL },
    { "linearize", rc, "--json", NULL },
    { "components", NULL },
    { "components", "--json", NULL },
    { "grade", student, "--json", NULL },
    { "--help", NULL },
    { "simulate", "--help", NULL },
    { "--version", NULL },
    { "simulate", rc, NULL },
    { "bode", rc, "--input", "U", "--output", "C1.e", NULL },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      BgCliRun run;

      if (!bg_test_run_cli_full (&run, cases[i], NULL, stdout_to_full, NULL, FALSE))
        return;
      g_test_message ("%s %s: %d %s", cases[i][0], cases[i][1], run.status, run.err);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "cannot write standard output: No space left on device"));
      bg_cli_run_clear (&run);
    }
}

/* Keys the format does not define are carried into fix's output. */
static void
test_fix_keeps_keys (void)
{
  g_autofree char *conflict = example ("conflict-two-capacitors.bgmod");
  g_autofree char *dir = make_dir ();
  g_autofree char *in = g_build_filename (dir, "in.bgmod", NULL);
  g_autofree char *out = g_build_filename (dir, "out.bgmod", NULL);
  g_autofree char *text = NULL, *fixed = NULL;
  g_autoptr(GString) model = NULL;
  const char *args[] = { "fix", in, "--output", out, NULL };
  BgCliRun run;

  g_assert_true (g_file_get_contents (conflict, &text, NULL, NULL));
  model = g_string_new (text);
  g_string_truncate (model, strrchr (model->str, '}') - model->str);
  g_string_append (model, ",\n  \"course\": {\"week\": 3, \"tags\": [\"causality\", 2e-12]},"
                          "\n  \"grader\": \"anna\"\n}\n");
  g_assert_true (g_file_set_contents (in, model->str, -1, NULL));
  if (!run_args (&run, args))
    return;
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (out, &fixed, NULL, NULL));
  g_assert_nonnull (strstr (fixed, "\"course\": {\n    \"week\": 3,\n    \"tags\": [\n      \"causality\",\n      2e-12\n    ]\n  }"));
  g_assert_nonnull (strstr (fixed, "\"grader\": \"anna\"\n}\n"));
  g_assert_nonnull (strstr (fixed, "\"R2\""));   /* the remedy's resistance */
  bg_cli_run_clear (&run);

  /* The output loads, and analyses without a conflict. */
  {
    const char *analyze[] = { "analyze", out, NULL };

    run_args (&run, analyze);
    g_assert_cmpint (run.status, ==, 0);
    bg_cli_run_clear (&run);
  }
  remove_dir (dir);
}

/* A sweep into a FIFO streams the CSV it writes into a file. */
static void
test_sweep_fifo (void)
{
  g_autofree char *rlc = example ("rlc-circuit.bgmod");
  g_autofree char *dir = make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "pipe.csv", NULL);
  g_autofree char *file = g_build_filename (dir, "file.csv", NULL);
  g_autoptr(GString) got = g_string_new (NULL);
  g_autofree char *expected = NULL;
  const char *to_fifo[] = { "simulate", rlc, "--sweep", "R1.value=1,3,10,30,100", "--csv", fifo, NULL };
  const char *to_file[] = { "simulate", rlc, "--sweep", "R1.value=1,3,10,30,100", "--csv", file, NULL };
  BgCliRun run;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  if (g_getenv ("BGMOD_CLI") == NULL)
    {
      g_test_skip ("BGMOD_CLI is not set; run through meson test");
      return;
    }
  run_into_fifo (to_fifo, fifo, &run, got);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  run_args (&run, to_file);
  g_assert_cmpint (run.status, ==, 0);
  bg_cli_run_clear (&run);
  g_assert_true (g_file_get_contents (file, &expected, NULL, NULL));
  g_assert_cmpstr (got->str, ==, expected);
  g_assert_true (g_str_has_prefix (expected, "t,L1.f[R1.value=1],L1.f[R1.value=3],"));
  remove_dir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/writes/devices", test_devices);
  g_test_add_func ("/cli/writes/fifo", test_fifo);
  g_test_add_func ("/cli/writes/full-disk", test_full_disk);
  g_test_add_func ("/cli/writes/stdout", test_stdout);
  g_test_add_func ("/cli/writes/fix-keeps-keys", test_fix_keeps_keys);
  g_test_add_func ("/cli/writes/sweep-fifo", test_sweep_fifo);
  return g_test_run ();
}
