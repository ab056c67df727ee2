"""The preference annotation app: people compare two execution videos side by side and say
which is better, overall and per criterion; their majority votes become preference labels.

```
cuakit annotate add-user ann --data DATASET          # prints ann's token (once)
cuakit annotate add-user boss --data DATASET --admin # an admin also sees progress and agreement
cuakit annotate serve DATASET [--k 3] [--select uncertain --checkpoint RUN]
cuakit annotate agreement DATASET                    # Cohen's and Fleiss' kappa, gold agreement
cuakit annotate export DATASET                       # majority → labels/preferences.parquet
cuakit annotate simulate DATASET --budget N --select random|uncertain
```

- `store` — SQLite (WAL) at ``DATASET/annotate/votes.sqlite``: annotators (token digests),
  the pair queue, who was shown what (left/right drawn at random), playback progress, votes.
- `queue` — pairs from ``labels/preferences.parquet`` or drawn from the dataset; K annotators
  per pair, never one twice; random or uncertainty order (a reward run's |P(A≻B) − ½|).
- `playable` — browser copies of the lossless videos (yuv420p H.264 or VP9) in
  ``DATASET/.cache/playable/``.
- `server` — the FastAPI app and its page (``static/``: plain HTML, JS and CSS, no CDN).
- `agreement` — kappas, agreement with the majority and with ground truth, the export.
- `simulate` — the labelling loop replayed with simulated annotators.

The server refuses a vote until the page has reported both videos played (or scrubbed) to
their last frame. That report comes from the page and is trusted: it keeps an honest
annotator from voting in a hurry, it does not stop one who scripts the API.
"""
