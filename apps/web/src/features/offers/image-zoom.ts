/** The full-screen image viewer's zoom (spec 2: 50% to 300% in 25% steps, reset to 100%). */
export const ZOOM_MIN = 50;
export const ZOOM_MAX = 300;
export const ZOOM_STEP = 25;
export const ZOOM_DEFAULT = 100;

export function zoomIn(percent: number): number {
  return Math.min(ZOOM_MAX, percent + ZOOM_STEP);
}

export function zoomOut(percent: number): number {
  return Math.max(ZOOM_MIN, percent - ZOOM_STEP);
}
