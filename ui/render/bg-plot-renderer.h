/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bg-plot-renderer.h — time plots drawn with Cairo and Pango, no GTK.
 *
 * In the layout: ui/render/ (libbgmod-render), no GTK; the last stage of
 * model → analysis → plan → run → result → plot/export.
 *
 * Owns: a set of traces (borrowed time/value columns, or columns read in
 * place from a BgResult's chunks), vertical markers, the
 * view window and the style (colours, font and line scale); drawing them to
 * any cairo_t as stacked sub-plots, one per distinct unit, sharing the time
 * axis; the geometry of the last drawing, for hit-testing; PNG/SVG export.
 * The plot pane's widget draws with it from its snapshot
 * (gtk_snapshot_append_cairo) and `bgmod-cli simulate --plot` exports with it.
 *
 * Must not: copy or free trace samples (the caller owns borrowed columns
 * and keeps them alive and unchanged while the renderer may draw them; a
 * result trace keeps a reference to its BgResult and reads its published
 * rows where they are); derive or compute values; depend on GTK; be used
 * from more than one thread at a time (it is a plain main-thread object: a
 * simulation worker appends rows to its result and the UI thread tells the
 * renderer how many to draw, bg_plot_renderer_set_trace_rows, or hands it
 * new pointers and lengths, bg_plot_renderer_set_trace_data, before
 * drawing).
 */
#pragma once

#include <glib-object.h>
#include <cairo.h>
#include <pango/pango.h>

#include "bg-export.h"
#include "bg-result.h"

G_BEGIN_DECLS

#define BG_PLOT_ERROR (bg_plot_error_quark ())

typedef enum
{
  BG_PLOT_ERROR_INVALID_SIZE = 1,   /* size or scale not positive, or over 32767 px */
  BG_PLOT_ERROR_WRITE,              /* the file could not be written */
} BgPlotError;

GQuark bg_plot_error_quark (void);

typedef enum
{
  BG_PLOT_MARKER_STEP = 1,          /* a step source switched: dashed line */
  BG_PLOT_MARKER_EVENT,             /* the run ended on an event: solid line */
} BgPlotMarkerKind;

/* Straight (not premultiplied) RGBA, each channel 0..1. */
typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} BgPlotColor;

#define BG_TYPE_PLOT_RENDERER (bg_plot_renderer_get_type ())
G_DECLARE_FINAL_TYPE (BgPlotRenderer, bg_plot_renderer, BG, PLOT_RENDERER, GObject)

BgPlotRenderer *bg_plot_renderer_new (void);

/* ---- traces ---------------------------------------------------------- */

/* Adds a trace and returns its index (0, 1, …, in order of addition). @name
 * ("CYL.x") and @unit (SI, "m", "Pa", "m³/s"; "" for none) are copied. @t and
 * @y are borrowed: @n samples, @t finite and non-decreasing (equal times are
 * allowed, e.g. at an event); NaN/Inf values in @y break the line. Traces with the same unit
 * share a sub-plot; sub-plots follow the order in which units first appear. */
guint     bg_plot_renderer_add_trace      (BgPlotRenderer *self,
                                           const char     *name,
                                           const char     *unit,
                                           const double   *t,
                                           const double   *y,
                                           size_t          n);
/* Points trace @index (of borrowed arrays) at new columns (after they grew
 * or moved).
 * While @t and @y stay the same pointers the samples already handed over
 * are taken as unchanged (a growing result only appends), so only new
 * samples are scanned for auto-fit; to show rewritten samples, pass other
 * pointers or clear and add the trace again. */
void      bg_plot_renderer_set_trace_data (BgPlotRenderer *self,
                                           guint           index,
                                           const double   *t,
                                           const double   *y,
                                           size_t          n);
/* Adds a trace that reads its samples where @result stores them (time:
 * variable 0, values: @var), chunk by chunk, without copying; keeps a
 * reference to @result until the trace is cleared. @name and @unit are
 * copied (NULL: the variable's own). The trace draws the rows both columns
 * hold when it is added; a column that is not filled yet (one to be
 * derived) must be derived first by the caller. Thread-safe against one
 * thread appending to @result: only published rows are read. */
guint     bg_plot_renderer_add_result_trace (BgPlotRenderer *self,
                                             const char     *name,
                                             const char     *unit,
                                             BgResult       *result,
                                             guint           var);
/* Result trace @index draws the first @n_rows rows (at most those both its
 * columns hold at the time of the call; take @n_rows from one snapshot,
 * bg_result_get_n_rows, so that all traces end at the same row). */
void      bg_plot_renderer_set_trace_rows (BgPlotRenderer *self,
                                           guint           index,
                                           gsize           n_rows);
/* Puts trace @index in the sub-plot of its unit and @group (NULL, the
 * default: the unit's own): traces of one unit in different groups are
 * drawn in sub-plots of their own, each with its value axis, titled with
 * the group ("Stored energy [mJ]": an energy page's stored energy, its
 * balance and its residual, all in J). */
void      bg_plot_renderer_set_trace_group (BgPlotRenderer *self,
                                            guint           index,
                                            const char     *group);
/* Fills the area between trace @index and trace @base (one added before it,
 * in the same sub-plot; -1: the zero line) in the trace's colour, lighter,
 * under its solid line. With each trace holding the running sum of those
 * below it, the traces make a stacked area; the read-out
 * (bg_plot_renderer_values_at) then gives a band's own height, the trace
 * minus its base. */
void      bg_plot_renderer_set_trace_fill (BgPlotRenderer *self,
                                           guint           index,
                                           int             base);
void      bg_plot_renderer_clear_traces   (BgPlotRenderer *self);
guint     bg_plot_renderer_get_n_traces   (BgPlotRenderer *self);
/* The name (legend text) of trace @index, in drawing order. */
const char *bg_plot_renderer_get_trace_name (BgPlotRenderer *self,
                                             guint           index);

/* The colour trace @index is drawn in: the Okabe–Ito palette, in an order
 * suited to the background's lightness, restarted in each sub-plot (an
 * @index past the traces gives the palette's @index-th colour). */
void      bg_plot_renderer_get_trace_color (BgPlotRenderer *self,
                                            guint           index,
                                            BgPlotColor    *color);

/* Number of stacked sub-plots (distinct units; 1 when there are no traces)
 * and the sub-plot trace @index is drawn in. */
guint     bg_plot_renderer_get_n_subplots (BgPlotRenderer *self);
guint     bg_plot_renderer_get_trace_subplot (BgPlotRenderer *self,
                                              guint           index);

/* ---- earlier runs ---------------------------------------------------- */

/* Faint traces of earlier runs ("ghosts", bg-plot-renderer-ghosts.c),
 * drawn under the traces, each under trace @of: in its colour, dash and
 * sub-plot, at its group's strength. A ghost reads column @var of @result
 * in place, like a result trace (a reference is kept), up to the rows set
 * with bg_plot_renderer_set_ghost_rows (all of them when added). The
 * ghosts of one earlier run share a @group (0, 1, …); each sub-plot's
 * legend ends with one entry per group drawn in it, its label beside a
 * sample at its strength. Auto-fit spans the ghosts as well. Clearing the
 * traces clears the ghosts. Returns the ghost's index. */
guint     bg_plot_renderer_add_ghost      (BgPlotRenderer *self,
                                           guint           of,
                                           guint           group,
                                           BgResult       *result,
                                           guint           var);
void      bg_plot_renderer_set_ghost_rows (BgPlotRenderer *self,
                                           guint           index,
                                           gsize           n_rows);
/* The legend text (copied; NULL: no entry) and the strength (0..1, the
 * opacity of its lines) of @group; emphasized draws it as strongly as a
 * trace (the run chosen in a list). Groups not set have no label and
 * strength 0.35. */
void      bg_plot_renderer_set_ghost_group (BgPlotRenderer *self,
                                            guint           group,
                                            const char     *label,
                                            double          strength,
                                            gboolean        emphasized);
void      bg_plot_renderer_clear_ghosts   (BgPlotRenderer *self);
guint     bg_plot_renderer_get_n_ghosts   (BgPlotRenderer *self);
/* The legend label of @group, or NULL. */
const char *bg_plot_renderer_get_ghost_label (BgPlotRenderer *self,
                                              guint           group);

/* ---- markers --------------------------------------------------------- */

/* A vertical line across all sub-plots at time @t with an optional @label
 * (copied; NULL for none). */
void      bg_plot_renderer_add_marker     (BgPlotRenderer  *self,
                                           double           t,
                                           const char      *label,
                                           BgPlotMarkerKind kind);
void      bg_plot_renderer_clear_markers  (BgPlotRenderer *self);

/* A read-out cursor: a vertical line at @t with a dot on each trace.
 * NaN hides it (the default). */
void      bg_plot_renderer_set_cursor     (BgPlotRenderer *self,
                                           double          t);

/* ---- view window ----------------------------------------------------- */

/* Shows [t0, t1]; t0 >= t1 (or non-finite) returns to auto-fit, which spans
 * all samples of all traces. */
void      bg_plot_renderer_set_time_range (BgPlotRenderer *self,
                                           double          t0,
                                           double          t1);
/* Makes the x axis a decade axis for a quantity other than time (a Bode
 * plot's frequency): the traces' x columns then hold log10 of it (log10 f),
 * the window and the cursor are in those units, ticks are labelled with the
 * quantity itself (1, 10, 100, 1 k) with fainter lines at 2 … 9 of each
 * decade, and the axis title is "@title [@unit]". NULL @title returns to
 * the time axis. */
void      bg_plot_renderer_set_log_x_axis (BgPlotRenderer *self,
                                           const char     *title,
                                           const char     *unit);
/* Fixes the value range of @subplot (remembered by the sub-plot's unit);
 * y0 >= y1 returns it to auto-fit: the visible samples, widened to ticks. */
void      bg_plot_renderer_set_value_range (BgPlotRenderer *self,
                                            guint           subplot,
                                            double          y0,
                                            double          y1);
/* Auto-fit for time and every sub-plot. */
void      bg_plot_renderer_reset_view     (BgPlotRenderer *self);

/* ---- style ----------------------------------------------------------- */

/* Foreground (text, axes, grid) and background colours; a dark background
 * selects the palette order for dark themes. Default black on white. A
 * background with alpha 0 leaves what is under the plot (a widget's own
 * background) but its RGB still chooses the palette. */
void      bg_plot_renderer_set_colors     (BgPlotRenderer    *self,
                                           const BgPlotColor *foreground,
                                           const BgPlotColor *background);
/* Presentation scale: text and lines grow by these factors (1.5–2 for a
 * projector); both 1 by default. */
void      bg_plot_renderer_set_scale      (BgPlotRenderer *self,
                                           double          font_scale,
                                           double          line_scale);
/* Base font (size in points, before font_scale); NULL for "Sans 9". */
void      bg_plot_renderer_set_font       (BgPlotRenderer             *self,
                                           const PangoFontDescription *font);

/* ---- drawing and export ---------------------------------------------- */

/* The least height, in the font and scale set, at which each sub-plot of
 * the current traces laid out @width wide keeps three value ticks a line
 * and a quarter of text apart and its value axis title (at least its unit,
 * "[MPa]"), besides its legend rows, the marker strip and the time axis:
 * what a widget showing the plot should ask for. Measured as
 * bg_plot_renderer_render measures text. */
int       bg_plot_renderer_get_min_height (BgPlotRenderer *self,
                                           double          width);

/* Draws the whole plot, background included, into the rectangle
 * (0, 0, width, height) of @cr's user space and remembers its geometry for
 * the hit-testing functions below. Leaves @cr's state as it found it. */
void      bg_plot_renderer_render         (BgPlotRenderer *self,
                                           cairo_t        *cr,
                                           double          width,
                                           double          height);

/* Write a width × height plot; @scale multiplies the pixel (PNG) or point
 * (SVG) size without changing the layout, like a HiDPI display. A PDF is
 * one page of width × height px at 96 px per inch (1000 px: 26.5 cm). */
gboolean  bg_plot_renderer_write_png      (BgPlotRenderer *self,
                                           const char     *path,
                                           int             width,
                                           int             height,
                                           double          scale,
                                           GError        **error);
gboolean  bg_plot_renderer_write_svg      (BgPlotRenderer *self,
                                           const char     *path,
                                           int             width,
                                           int             height,
                                           double          scale,
                                           GError        **error);
gboolean  bg_plot_renderer_write_pdf      (BgPlotRenderer *self,
                                           const char     *path,
                                           int             width,
                                           int             height,
                                           double          scale,
                                           GError        **error);

/* Draws @plot (a plot renderer, a pole map) into (0, 0, width, height). */
typedef void (*BgPlotPictureFunc) (gpointer  plot,
                                   cairo_t  *cr,
                                   double    width,
                                   double    height);
/* What the write functions of every plot-like picture share: @draw's
 * picture of @plot, width × height at @scale, to @path as @format, with
 * the plots' size check and messages (BG_PLOT_ERROR). */
gboolean  bg_plot_write_picture           (gpointer           plot,
                                           BgPlotPictureFunc  draw,
                                           const char        *path,
                                           BgExportFormat     format,
                                           int                width,
                                           int                height,
                                           double             scale,
                                           GError           **error);

/* ---- hit-testing (geometry of the last bg_plot_renderer_render) ------- */

/* The plot area (inside the axes) of @subplot; FALSE before any rendering
 * or for a sub-plot that does not exist. */
gboolean  bg_plot_renderer_get_plot_area  (BgPlotRenderer *self,
                                           guint           subplot,
                                           double         *x,
                                           double         *y,
                                           double         *width,
                                           double         *height);
/* Whether the last rendering put the legends in a column beside the
 * plots (a wide pane with few traces a sub-plot) rather than in rows above
 * each. */
gboolean  bg_plot_renderer_get_legend_beside (BgPlotRenderer *self);
/* The height of one line of the plot's text in the last rendering (0
 * before any). */
double    bg_plot_renderer_get_line_height (BgPlotRenderer *self);
/* The value tick count and the value axis title (as drawn; *shortened
 * when cut to the unit alone) of @subplot after the last rendering. */
guint     bg_plot_renderer_get_n_value_ticks (BgPlotRenderer *self,
                                              guint           subplot);
char     *bg_plot_renderer_dup_value_title (BgPlotRenderer *self,
                                            guint           subplot,
                                            gboolean       *shortened);
/* The time axis title (or the decade axis's) as last drawn, "Time [ms]",
 * in the user's language and unit symbols; NULL before any rendering. */
char     *bg_plot_renderer_dup_time_title (BgPlotRenderer *self);
/* Maps a point to its sub-plot, time and value; FALSE outside every plot
 * area. Output pointers may be NULL. */
gboolean  bg_plot_renderer_pick           (BgPlotRenderer *self,
                                           double          x,
                                           double          y,
                                           guint          *subplot,
                                           double         *t,
                                           double         *value);
/* Time ↔ x (valid for any x, also outside the plot areas); value → y in
 * @subplot. NaN before any rendering. */
double    bg_plot_renderer_time_to_x      (BgPlotRenderer *self,
                                           double          t);
double    bg_plot_renderer_x_to_time      (BgPlotRenderer *self,
                                           double          x);
double    bg_plot_renderer_value_to_y     (BgPlotRenderer *self,
                                           guint           subplot,
                                           double          value);
/* The time window and @subplot's value window of the last rendering. */
gboolean  bg_plot_renderer_get_view       (BgPlotRenderer *self,
                                           guint           subplot,
                                           double         *t0,
                                           double         *t1,
                                           double         *y0,
                                           double         *y1);

/* Cursor read-out: each trace's value at @t, linearly interpolated, into
 * values[0 .. n_values-1] (NaN where @t is outside that trace's samples; a
 * filled band's own height, see bg_plot_renderer_set_trace_fill).
 * Returns the number of traces. Needs no rendering. */
guint     bg_plot_renderer_values_at      (BgPlotRenderer *self,
                                           double          t,
                                           double         *values,
                                           guint           n_values);

G_END_DECLS
