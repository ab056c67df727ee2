"""The reward model's backbones, one file each: ``frame_temporal`` (default), ``timesformer``,
``cnn3d``; ``layers`` holds what they share. Each returns a pooled clip feature ``(B, D)`` and
per-frame features ``(B, T, D)`` (`cuakit.reward.model.VideoRewardModel` reads them)."""
