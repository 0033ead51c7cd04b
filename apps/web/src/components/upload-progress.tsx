/** How far an upload is, as a bar and in words read out as it moves. */
export function UploadProgress({ progress, className }: { progress: number; className: string }) {
  const percent = Math.round(progress * 100);
  return (
    <div className={className}>
      <progress className="h-2 w-full" value={percent} max={100} aria-label="Upload progress" />
      <p className="text-sm text-slate-700" aria-live="polite">
        Uploading… {percent}%
      </p>
    </div>
  );
}
