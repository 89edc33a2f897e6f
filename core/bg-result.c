/* bg-result.c — chunked columnar storage of simulation results.
 *
 * Owns: the variable list and the chunks (each chunk holds
 * chunk_rows rows of every variable, column after column). Must
 * not: move a chunk once it is allocated, or let a reader see a row before
 * all its values are written. See bg-result.h for the thread rules.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include "bg-result.h"

struct _BgResult
{
  gatomicrefcount ref_count;
  guint           n_vars;
  char          **names;
  char          **units;
  char          **descriptions;
  GHashTable     *by_name;     /* name -> index + 1 */
  gsize           chunk_rows;  /* rows of the full-size chunks, a power of two */
  gsize           write_start; /* writer only: first row of the last chunk */
  gsize           write_size;  /* writer only: its rows */

  GMutex          lock;        /* guards chunks (the array) */
  GPtrArray      *chunks;      /* double[n_vars * chunk_rows] each */
  gsize           n_rows;      /* published rows, read and written atomically */
};

static char **
dup_strings (guint n, const char *const *src)
{
  char **out = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    out[i] = g_strdup (src != NULL && src[i] != NULL ? src[i] : "");
  return out;
}

BgResult *
bg_result_new (guint              n_vars,
               const char *const *names,
               const char *const *units,
               const char *const *descriptions)
{
  BgResult *self;

  g_return_val_if_fail (n_vars > 0, NULL);
  g_return_val_if_fail (names != NULL, NULL);

  self = g_new0 (BgResult, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->n_vars = n_vars;
  self->names = dup_strings (n_vars, names);
  self->units = dup_strings (n_vars, units);
  self->descriptions = dup_strings (n_vars, descriptions);
  self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < n_vars; i++)
    g_hash_table_insert (self->by_name, self->names[i], GUINT_TO_POINTER (i + 1));
  g_mutex_init (&self->lock);
  self->chunks = g_ptr_array_new_with_free_func (g_free);
  /* About 1 MiB per chunk: a row touches one page per variable in a fresh
   * chunk, so models with thousands of variables get shorter chunks. */
  self->chunk_rows = BG_RESULT_CHUNK_ROWS;
  while (self->chunk_rows > 16 && self->chunk_rows * n_vars * sizeof (double) > (1 << 20))
    self->chunk_rows /= 2;
  return self;
}

BgResult *
bg_result_ref (BgResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
bg_result_unref (BgResult *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_hash_table_unref (self->by_name);
  g_strfreev (self->names);
  g_strfreev (self->units);
  g_strfreev (self->descriptions);
  g_ptr_array_unref (self->chunks);
  g_mutex_clear (&self->lock);
  g_free (self);
}

guint
bg_result_get_n_vars (BgResult *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_vars;
}

const char *
bg_result_get_var_name (BgResult *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return self->names[var];
}

const char *
bg_result_get_var_unit (BgResult *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return self->units[var];
}

const char *
bg_result_get_var_description (BgResult *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return self->descriptions[var];
}

int
bg_result_lookup (BgResult *self, const char *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);
  return (int) GPOINTER_TO_UINT (g_hash_table_lookup (self->by_name, name)) - 1;
}

/* Chunks grow from FIRST_CHUNK_ROWS rows, doubling, up to chunk_rows and
 * stay at that size: short runs (the editor's usual case) touch little
 * memory, long ones append in large blocks. Finds the chunk of a row. */
#define FIRST_CHUNK_ROWS 32

static void
locate (const BgResult *self, gsize row, guint *index, gsize *start, gsize *size)
{
  gsize first = 0, rows = MIN ((gsize) FIRST_CHUNK_ROWS, self->chunk_rows);
  guint c = 0;

  while (rows < self->chunk_rows && row >= first + rows)
    {
      first += rows;
      rows *= 2;
      c++;
    }
  if (rows >= self->chunk_rows)
    {
      gsize k = (row - first) / self->chunk_rows;
      rows = self->chunk_rows;
      first += k * rows;
      c += (guint) k;
    }
  *index = c;
  *start = first;
  *size = rows;
}

void
bg_result_append_row (BgResult *self, const double *values)
{
  gsize row, in_chunk;
  double *chunk;

  g_return_if_fail (self != NULL && values != NULL);

  /* Only the writer changes n_rows and the chunk array, so it reads them
   * without the lock; it extends the array under the lock because readers
   * index it. */
  row = self->n_rows;
  if (row == 0 || row == self->write_start + self->write_size)
    {
      guint index;

      locate (self, row, &index, &self->write_start, &self->write_size);
      g_assert (index == self->chunks->len);
      chunk = g_malloc (sizeof (double) * self->n_vars * self->write_size);
      g_mutex_lock (&self->lock);
      g_ptr_array_add (self->chunks, chunk);
      g_mutex_unlock (&self->lock);
    }
  else
    chunk = g_ptr_array_index (self->chunks, self->chunks->len - 1);

  in_chunk = row - self->write_start;
  for (guint v = 0; v < self->n_vars; v++)
    chunk[(gsize) v * self->write_size + in_chunk] = values[v];

  /* Publish: the values written above happen before any reader that sees
   * the new count (full barrier). */
  g_atomic_pointer_set (&self->n_rows, row + 1);
}

gsize
bg_result_get_n_rows (BgResult *self)
{
  gsize n;

  g_return_val_if_fail (self != NULL, 0);
  n = (gsize) g_atomic_pointer_get (&self->n_rows);
  return n;
}

/* Returns the chunk holding row (which must be published), its first row
 * and size, and the current row count. */
static double *
lookup_chunk (BgResult *self, gsize row, gsize *n_rows, gsize *start, gsize *size)
{
  double *chunk = NULL;
  guint index;

  *n_rows = (gsize) g_atomic_pointer_get (&self->n_rows);
  if (row < *n_rows)
    {
      locate (self, row, &index, start, size);
      g_mutex_lock (&self->lock);
      chunk = g_ptr_array_index (self->chunks, index);
      g_mutex_unlock (&self->lock);
    }
  return chunk;
}

double
bg_result_get_value (BgResult *self, guint var, gsize row)
{
  gsize n_rows, start = 0, size = 0;
  double *chunk;

  g_return_val_if_fail (self != NULL && var < self->n_vars, NAN);
  chunk = lookup_chunk (self, row, &n_rows, &start, &size);
  g_return_val_if_fail (chunk != NULL, NAN);
  return chunk[(gsize) var * size + (row - start)];
}

gboolean
bg_result_get_span (BgResult      *self,
                    guint          var,
                    gsize          first_row,
                    const double **values,
                    gsize         *n_values)
{
  gsize n_rows, start = 0, size = 0;
  double *chunk;

  g_return_val_if_fail (self != NULL && var < self->n_vars, FALSE);
  g_return_val_if_fail (values != NULL && n_values != NULL, FALSE);

  *values = NULL;
  *n_values = 0;
  chunk = lookup_chunk (self, first_row, &n_rows, &start, &size);
  if (chunk == NULL)
    return FALSE;
  *values = chunk + (gsize) var * size + (first_row - start);
  *n_values = MIN (start + size, n_rows) - first_row;
  return TRUE;
}

void
bg_result_copy_column (BgResult *self,
                       guint     var,
                       gsize     first_row,
                       gsize     n,
                       double   *out)
{
  gsize done = 0;

  g_return_if_fail (self != NULL && var < self->n_vars && (out != NULL || n == 0));
  while (done < n)
    {
      const double *span;
      gsize len;

      if (!bg_result_get_span (self, var, first_row + done, &span, &len))
        break;
      len = MIN (len, n - done);
      memcpy (out + done, span, len * sizeof (double));
      done += len;
    }
  g_return_if_fail (done == n);
}
