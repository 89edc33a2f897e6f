/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-result.h — the time series a simulation produces.
 *
 * Owns: a reference to its variable list (names, units, descriptions:
 * bg-var-list.h, shared with the plan that made it) and the values of the
 * columns it holds, each column stored on its own in chunks so that
 * appending never copies what is already stored and a column can be added
 * after the run. Chunks grow from 32 rows, doubling, up to
 * BG_RESULT_CHUNK_ROWS rows; a short run touches little memory. Must not:
 * simulate, know about plots or files, or reorder rows.
 *
 * Stored and derived columns. A result lists every variable of its plan but
 * the run fills only the stored ones (bg_result_new_partial: t, the states
 * and what was asked for), one row at a time. Any other column is empty
 * until someone derives it from the stored states and times (the simulator
 * does, bg_simulator_derive()) and appends its values with
 * bg_result_append_derived(); bg_result_get_n_filled() says how many rows a
 * column holds.
 *
 * Thread rules. One writer (the simulator, usually in a worker thread) calls
 * bg_result_append_row(); at most one other thread at a time appends to the
 * derived columns; any number of readers on other threads may call the
 * getters at the same time. A writer fills a row (or a run of derived
 * values) completely before it publishes the new count atomically (a full
 * barrier); a reader takes one snapshot with bg_result_get_n_rows() (or
 * bg_result_get_n_filled() for a column) and may then read every row below
 * it (published values never change and chunks never move, so a span
 * pointer stays valid for the lifetime of the result). The variable list is
 * fixed at creation and may be read from any thread without locking. The
 * reference count is atomic.
 */
#pragma once

#include <glib.h>

#include "bg-var-list.h"

G_BEGIN_DECLS

#define BG_RESULT_CHUNK_ROWS 4096

typedef struct _BgResult BgResult;

/* names, units, descriptions: n_vars strings each (units and descriptions may
 * be NULL arrays); copied. Variable 0 is conventionally "t". */
BgResult   *bg_result_new               (guint               n_vars,
                                         const char *const  *names,
                                         const char *const  *units,
                                         const char *const  *descriptions);
/* Like bg_result_new, but only the variables with stored[var] TRUE are
 * filled by bg_result_append_row (the others may be derived later). */
BgResult   *bg_result_new_partial       (guint               n_vars,
                                         const char *const  *names,
                                         const char *const  *units,
                                         const char *const  *descriptions,
                                         const gboolean     *stored);
/* Like bg_result_new_partial, with the variables of a sealed list (a
 * reference is taken): a plan's results share its list. */
BgResult   *bg_result_new_shared        (BgVarList          *vars,
                                         const gboolean     *stored);
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

/* The stored variables, in increasing index order (the order of a row). */
guint       bg_result_get_n_stored      (BgResult   *self);
guint       bg_result_get_stored_var    (BgResult   *self,
                                         guint       index);
gboolean    bg_result_is_stored         (BgResult   *self,
                                         guint       var);

/* Writer: copies one value per stored variable (in the order above) and
 * publishes the row. */
void        bg_result_append_row        (BgResult     *self,
                                         const double *values);
/* Writer of a column that is not stored: appends n values after the ones it
 * holds (never beyond the row count). */
void        bg_result_append_derived    (BgResult     *self,
                                         guint         var,
                                         const double *values,
                                         gsize         n);
/* Fills the columns vars (not stored ones) up to the current row count;
 * installed by whoever can compute them (bg_simulator_new_result_for). */
typedef gboolean (*BgResultDeriveFunc) (BgResult     *result,
                                        const guint  *vars,
                                        guint         n_vars,
                                        gpointer      user_data,
                                        GError      **error);
void        bg_result_set_deriver       (BgResult           *self,
                                         BgResultDeriveFunc  func,
                                         gpointer            user_data,
                                         GDestroyNotify      destroy);
/* Brings the columns vars up to the current row count: stored columns
 * already are; the others are derived (FALSE with an error when the result
 * has no deriver or the derivation failed; the values so far stay). Call
 * from one thread at a time. */
gboolean    bg_result_derive            (BgResult     *self,
                                         const guint  *vars,
                                         guint         n_vars,
                                         GError      **error);
/* Bytes the stored values take per row. */
gsize       bg_result_get_bytes_per_row (BgResult   *self);

/* Readers ------------------------------------------------------------ */
/* The number of complete rows at this moment (a consistent snapshot). */
gsize       bg_result_get_n_rows        (BgResult   *self);
/* Rows a column holds: the row count for a stored one, the derived values
 * so far otherwise. */
gsize       bg_result_get_n_filled      (BgResult   *self,
                                         guint       var);
/* row must be below a snapshot of the column's filled rows. */
double      bg_result_get_value         (BgResult   *self,
                                         guint       var,
                                         gsize       row);
/* The contiguous part of a column starting at first_row: *values points at
 * first_row, *n_values is how many rows follow it in the same chunk (at most
 * up to the column's filled rows). Returns FALSE when first_row is not yet
 * filled. Loop: first_row += n_values until FALSE. */
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
