/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-result.c — chunked columnar storage of simulation results.
 *
 * Owns: a reference to the variable list and, per column, its chunks
 * (chunk k of every column covers the same rows; see locate()). A column's
 * record exists from the start for a stored variable and from its first
 * derived value for the others: a result of 250 000 variables that stores
 * two keeps two records and a table of pointers, not 250 000 records.
 * Must not: move a chunk once it is allocated, or let a reader see a value
 * before it is written. See bg-result.h for the thread rules.
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include "bg-result.h"
#include "bg-ref-count-private.h"

typedef struct
{
  GPtrArray *chunks;   /* double[size of chunk k] each, NULL before the first;
                        * guarded by lock */
  gsize      filled;   /* derived columns: values published, atomic */
  gsize      w_start;  /* derived columns' writer: first row of the last chunk */
  gsize      w_size;   /* its rows */
} Column;

struct _BgResult
{
  gatomicrefcount ref_count;
  guint           n_vars;
  BgVarList      *vars;        /* sealed */
  guint8         *stored;      /* per variable */
  guint          *stored_vars; /* the stored variables, increasing */
  guint           n_stored;
  gsize           write_start; /* row writer only: first row of the last chunk */
  gsize           write_size;  /* its rows */

  BgResultDeriveFunc derive;
  gpointer        derive_data;
  GDestroyNotify  derive_destroy;

  GMutex          lock;        /* guards every column's chunk array */
  Column        **columns;     /* per variable, NULL while it holds no value;
                                * a derived one is published atomically */
  gsize           n_rows;      /* published rows, read and written atomically */
};

static BgResult *
result_alloc (BgVarList *vars, const gboolean *stored)
{
  BgResult *self = g_new0 (BgResult, 1);
  guint n_vars = bg_var_list_get_n (vars);

  g_atomic_ref_count_init (&self->ref_count);
  self->n_vars = n_vars;
  self->vars = vars;
  g_mutex_init (&self->lock);
  self->columns = g_new0 (Column *, n_vars);
  self->stored = g_new0 (guint8, n_vars);
  for (guint v = 0; v < n_vars; v++)
    {
      self->stored[v] = stored == NULL || stored[v];
      self->n_stored += self->stored[v];
    }
  self->stored_vars = g_new (guint, MAX (self->n_stored, 1));
  self->n_stored = 0;
  for (guint v = 0; v < n_vars; v++)
    if (self->stored[v])
      {
        self->stored_vars[self->n_stored++] = v;
        self->columns[v] = g_new0 (Column, 1);
      }
  return self;
}

BgResult *
bg_result_new_partial (guint              n_vars,
                       const char *const *names,
                       const char *const *units,
                       const char *const *descriptions,
                       const gboolean    *stored)
{
  BgVarList *vars;

  g_return_val_if_fail (n_vars > 0, NULL);
  g_return_val_if_fail (names != NULL, NULL);

  vars = bg_var_list_new (n_vars);
  for (guint i = 0; i < n_vars; i++)
    bg_var_list_add (vars, names[i] != NULL ? names[i] : "",
                     units != NULL ? units[i] : NULL,
                     descriptions != NULL ? descriptions[i] : NULL);
  bg_var_list_seal (vars);
  return result_alloc (vars, stored);
}

BgResult *
bg_result_new_shared (BgVarList      *vars,
                      const gboolean *stored)
{
  g_return_val_if_fail (vars != NULL && bg_var_list_get_n (vars) > 0, NULL);

  return result_alloc (bg_var_list_ref (vars), stored);
}

BgResult *
bg_result_new (guint              n_vars,
               const char *const *names,
               const char *const *units,
               const char *const *descriptions)
{
  return bg_result_new_partial (n_vars, names, units, descriptions, NULL);
}

static void
result_free (BgResult *self)
{
  if (self->derive_destroy != NULL)
    self->derive_destroy (self->derive_data);
  bg_var_list_unref (self->vars);
  for (guint v = 0; v < self->n_vars; v++)
    if (self->columns[v] != NULL)
      {
        if (self->columns[v]->chunks != NULL)
          g_ptr_array_unref (self->columns[v]->chunks);
        g_free (self->columns[v]);
      }
  g_free (self->columns);
  g_free (self->stored);
  g_free (self->stored_vars);
  g_mutex_clear (&self->lock);
  g_free (self);
}

BG_DEFINE_REF_COUNTED (BgResult, bg_result, result_free)

guint
bg_result_get_n_stored (BgResult *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_stored;
}

guint
bg_result_get_stored_var (BgResult *self, guint index)
{
  g_return_val_if_fail (self != NULL && index < self->n_stored, 0);
  return self->stored_vars[index];
}

gboolean
bg_result_is_stored (BgResult *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, FALSE);
  return self->stored[var];
}

void
bg_result_set_deriver (BgResult           *self,
                       BgResultDeriveFunc  func,
                       gpointer            user_data,
                       GDestroyNotify      destroy)
{
  g_return_if_fail (self != NULL);
  if (self->derive_destroy != NULL)
    self->derive_destroy (self->derive_data);
  self->derive = func;
  self->derive_data = user_data;
  self->derive_destroy = destroy;
}

gboolean
bg_result_derive (BgResult *self, const guint *vars, guint n_vars, GError **error)
{
  g_autoptr (GArray) missing = g_array_new (FALSE, FALSE, sizeof (guint));
  gsize n_rows;

  g_return_val_if_fail (self != NULL && (vars != NULL || n_vars == 0), FALSE);
  n_rows = bg_result_get_n_rows (self);
  for (guint i = 0; i < n_vars; i++)
    {
      g_return_val_if_fail (vars[i] < self->n_vars, FALSE);
      if (!self->stored[vars[i]] && bg_result_get_n_filled (self, vars[i]) < n_rows)
        g_array_append_val (missing, vars[i]);
    }
  if (missing->len == 0)
    return TRUE;
  if (self->derive == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s was not recorded in this run"),
                   bg_var_list_get_name (self->vars, g_array_index (missing, guint, 0)));
      return FALSE;
    }
  return self->derive (self, (const guint *) missing->data, missing->len, self->derive_data, error);
}

gsize
bg_result_get_bytes_per_row (BgResult *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return (gsize) self->n_stored * sizeof (double);
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
  return bg_var_list_get_name (self->vars, var);
}

const char *
bg_result_get_var_unit (BgResult *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return bg_var_list_get_unit (self->vars, var);
}

const char *
bg_result_get_var_description (BgResult *self, guint var)
{
  g_return_val_if_fail (self != NULL && var < self->n_vars, NULL);
  return bg_var_list_get_description (self->vars, var);
}

int
bg_result_lookup (BgResult *self, const char *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, -1);
  return bg_var_list_lookup (self->vars, name);
}

/* Chunks grow from FIRST_CHUNK_ROWS rows, doubling, up to
 * BG_RESULT_CHUNK_ROWS and stay at that size: short runs (the editor's
 * usual case) touch little memory, long ones append in large blocks. Finds
 * the chunk of a row (the same for every column). */
#define FIRST_CHUNK_ROWS 32

static void
locate (gsize row, guint *index, gsize *start, gsize *size)
{
  gsize first = 0, rows = FIRST_CHUNK_ROWS;
  guint c = 0;

  while (rows < BG_RESULT_CHUNK_ROWS && row >= first + rows)
    {
      first += rows;
      rows *= 2;
      c++;
    }
  if (rows >= BG_RESULT_CHUNK_ROWS)
    {
      gsize k = (row - first) / BG_RESULT_CHUNK_ROWS;
      rows = BG_RESULT_CHUNK_ROWS;
      first += k * rows;
      c += (guint) k;
    }
  *index = c;
  *start = first;
  *size = rows;
}

/* The chunk a writer fills at row: a new one when row starts a chunk. */
static double *
writer_chunk (BgResult *self, Column *col, gsize row, gsize *w_start, gsize *w_size)
{
  double *chunk;

  if (row == 0 || row == *w_start + *w_size)
    {
      guint index;

      locate (row, &index, w_start, w_size);
      chunk = g_malloc (sizeof (double) * *w_size);
      g_mutex_lock (&self->lock);
      if (col->chunks == NULL)
        col->chunks = g_ptr_array_new_with_free_func (g_free);
      g_assert (index == col->chunks->len);
      g_ptr_array_add (col->chunks, chunk);
      g_mutex_unlock (&self->lock);
      return chunk;
    }
  return g_ptr_array_index (col->chunks, col->chunks->len - 1);
}

void
bg_result_append_row (BgResult *self, const double *values)
{
  gsize row;

  g_return_if_fail (self != NULL && (values != NULL || self->n_stored == 0));

  /* Only the row writer changes n_rows and the stored columns' chunk
   * arrays, so it reads them without the lock; it extends an array under
   * the lock because readers index it. Every stored column has the same
   * chunks, so one start and size serve them all. */
  row = self->n_rows;
  for (guint i = 0; i < self->n_stored; i++)
    {
      gsize start = self->write_start, size = self->write_size;
      double *chunk = writer_chunk (self, self->columns[self->stored_vars[i]], row, &start, &size);

      chunk[row - start] = values[i];
      if (i + 1 == self->n_stored)
        {
          self->write_start = start;
          self->write_size = size;
        }
    }

  /* Publish: the values written above happen before any reader that sees
   * the new count (full barrier). */
  g_atomic_pointer_set (&self->n_rows, row + 1);
}

void
bg_result_append_derived (BgResult *self, guint var, const double *values, gsize n)
{
  Column *col;
  gsize row;

  g_return_if_fail (self != NULL && var < self->n_vars && !self->stored[var]);
  g_return_if_fail (values != NULL || n == 0);
  col = self->columns[var];
  if (col == NULL)
    {
      /* The one derived writer makes the record; readers see it whole. */
      col = g_new0 (Column, 1);
      g_atomic_pointer_set (&self->columns[var], col);
    }
  row = (gsize) g_atomic_pointer_get (&col->filled);
  g_return_if_fail (row + n <= bg_result_get_n_rows (self));

  for (gsize k = 0; k < n; k++, row++)
    {
      double *chunk = writer_chunk (self, col, row, &col->w_start, &col->w_size);
      chunk[row - col->w_start] = values[k];
    }
  g_atomic_pointer_set (&col->filled, row);
}

gsize
bg_result_get_n_rows (BgResult *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return (gsize) g_atomic_pointer_get (&self->n_rows);
}

gsize
bg_result_get_n_filled (BgResult *self, guint var)
{
  Column *col;

  g_return_val_if_fail (self != NULL && var < self->n_vars, 0);
  if (self->stored[var])
    return (gsize) g_atomic_pointer_get (&self->n_rows);
  col = g_atomic_pointer_get (&self->columns[var]);
  return col != NULL ? (gsize) g_atomic_pointer_get (&col->filled) : 0;
}

/* Returns the chunk of a column holding row (which must be filled), its
 * first row and size, and the column's filled rows. */
static double *
lookup_chunk (BgResult *self, guint var, gsize row, gsize *n_filled, gsize *start, gsize *size)
{
  double *chunk = NULL;
  guint index;

  *n_filled = bg_result_get_n_filled (self, var);
  if (row < *n_filled)
    {
      locate (row, &index, start, size);
      g_mutex_lock (&self->lock);
      chunk = g_ptr_array_index (((Column *) g_atomic_pointer_get (&self->columns[var]))->chunks,
                                 index);
      g_mutex_unlock (&self->lock);
    }
  return chunk;
}

double
bg_result_get_value (BgResult *self, guint var, gsize row)
{
  gsize n_filled, start = 0, size = 0;
  double *chunk;

  g_return_val_if_fail (self != NULL && var < self->n_vars, NAN);
  chunk = lookup_chunk (self, var, row, &n_filled, &start, &size);
  g_return_val_if_fail (chunk != NULL, NAN);
  return chunk[row - start];
}

gboolean
bg_result_get_span (BgResult      *self,
                    guint          var,
                    gsize          first_row,
                    const double **values,
                    gsize         *n_values)
{
  gsize n_filled, start = 0, size = 0;
  double *chunk;

  g_return_val_if_fail (self != NULL && var < self->n_vars, FALSE);
  g_return_val_if_fail (values != NULL && n_values != NULL, FALSE);

  *values = NULL;
  *n_values = 0;
  chunk = lookup_chunk (self, var, first_row, &n_filled, &start, &size);
  if (chunk == NULL)
    return FALSE;
  *values = chunk + (first_row - start);
  *n_values = MIN (start + size, n_filled) - first_row;
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
