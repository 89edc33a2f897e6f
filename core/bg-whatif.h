/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-whatif.h — compiling "what if this parameter were …?" off the main
 * thread, for the inspector's what-if slider (docs/teaching.md).
 *
 * In the layout: core/ (GIO only, no GTK): the model → analysis → plan
 * stages of one run, done on a private copy of the model, so that a drag
 * can re-run the model many times a second without touching the document
 * or its undo history, and without the main thread waiting.
 *
 * Owns: the model's file text taken once on the model's thread (a
 * BgWhatIfSource, immutable, shareable), and per value: a copy loaded
 * from it, the one number set, flattened (components by path), analysed
 * and compiled into a plan, with the parameters of the copy as they ran
 * (bg-run-params.h). Must not: touch the model it was made from after
 * bg_whatif_source_new, run the plan, or know about GTK.
 *
 * Threads: bg_whatif_compile() may be called from any thread, several at
 * once; _async runs it in a GTask thread and calls back on the caller's
 * thread-default main context.
 */
#pragma once

#include <gio/gio.h>
#include "bg-model.h"
#include "bg-plan.h"
#include "bg-run-params.h"

G_BEGIN_DECLS

#define BG_WHATIF_ERROR (bg_whatif_error_quark ())
GQuark bg_whatif_error_quark (void);

typedef enum
{
  BG_WHATIF_ERROR_PARAM = 1,  /* no such element or number, or a value it refuses */
  BG_WHATIF_ERROR_MODEL,      /* the copy cannot be flattened, analysed or compiled */
} BgWhatIfError;

typedef struct _BgWhatIfSource BgWhatIfSource;

/* The model as it stands now (call on its thread). */
BgWhatIfSource *bg_whatif_source_new   (BgModel          *model);
BgWhatIfSource *bg_whatif_source_ref   (BgWhatIfSource   *self);
void            bg_whatif_source_unref (BgWhatIfSource   *self);

/* A plan of source's model with element's number param (as
 * bg_model_set_param_number takes them: an instance's own parameter too)
 * set to value; *params (may be NULL) receives the copy's parameters. NULL
 * with BG_WHATIF_ERROR when it cannot be, or G_IO_ERROR_CANCELLED. */
BgPlan         *bg_whatif_compile      (BgWhatIfSource   *source,
                                        const char       *element,
                                        const char       *param,
                                        double            value,
                                        GCancellable     *cancellable,
                                        BgRunParams     **params,
                                        GError          **error);
void            bg_whatif_compile_async  (BgWhatIfSource      *source,
                                          const char          *element,
                                          const char          *param,
                                          double               value,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
BgPlan         *bg_whatif_compile_finish (GAsyncResult        *result,
                                          BgRunParams        **params,
                                          GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BgWhatIfSource, bg_whatif_source_unref)

G_END_DECLS
