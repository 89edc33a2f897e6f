/* bg-result.h — the time series a simulation produces.
 *
 * Owns: the variable list (name, unit, description) and every value, stored
 * column by column in chunks so that appending never copies what is already
 * stored. Chunks grow from 32 rows, doubling, up to BG_RESULT_CHUNK_ROWS rows
 * (fewer for results with very many variables, so that a chunk stays near
 * 1 MiB); a short run touches little memory. Must not: simulate, know
 * about plots or files, or reorder rows.
 *
 * Thread rules. One writer (the simulator, usually in a worker thread) calls
 * bg_result_append_row(); any number of readers on other threads may call the
 * getters at the same time. The writer fills a row completely before it
 * publishes the new row count atomically (a full barrier); a reader takes
 * one snapshot with bg_result_get_n_rows() and may then read every row below it
 * (values of published rows never change and chunks never move, so a span
 * pointer stays valid for the lifetime of the result). The variable list is
 * fixed at creation and may be read from any thread without locking. The
 * reference count is atomic.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BG_RESULT_CHUNK_ROWS 4096

typedef struct _BgResult BgResult;

/* names, units, descriptions: n_vars strings each (units and descriptions may
 * be NULL arrays); copied. Variable 0 is conventionally "t". */
BgResult   *bg_result_new               (guint               n_vars,
                                         const char *const  *names,
                                         const char *const  *units,
                                         const char *const  *descriptions);
BgResult   *bg_result_ref               (BgResult   *self);
void        bg_result_unref             (BgResult   *self);

guint       bg_result_get_n_vars        (BgResult   *self);
const char *bg_result_get_var_name      (BgResult   *self,
                                         guint       var);
const char *bg_result_get_var_unit      (BgResult   *self,
                                         guint       var);   /* "" if none */
const char *bg_result_get_var_description (BgResult *self,
                                         guint       var);   /* "" if none */
/* Index of a variable, or -1. */
int         bg_result_lookup            (BgResult   *self,
                                         const char *name);

/* Writer: copies n_vars values and publishes the row. */
void        bg_result_append_row        (BgResult     *self,
                                         const double *values);

/* Readers ------------------------------------------------------------ */
/* The number of complete rows at this moment (a consistent snapshot). */
gsize       bg_result_get_n_rows        (BgResult   *self);
/* row must be below a snapshot of n_rows. */
double      bg_result_get_value         (BgResult   *self,
                                         guint       var,
                                         gsize       row);
/* The contiguous part of a column starting at first_row: *values points at
 * first_row, *n_values is how many rows follow it in the same chunk (at most
 * up to the current row count). Returns FALSE when first_row is not yet
 * published. Loop: first_row += n_values until FALSE. */
gboolean    bg_result_get_span          (BgResult      *self,
                                         guint          var,
                                         gsize          first_row,
                                         const double **values,
                                         gsize         *n_values);
/* Copies rows [first_row, first_row + n) of a column into out. */
void        bg_result_copy_column       (BgResult   *self,
                                         guint       var,
                                         gsize       first_row,
                                         gsize       n,
                                         double     *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgResult, bg_result_unref)

G_END_DECLS
