"""Video reward models: ``(execution video, instruction) -> reward, success, per-frame progress``.

- `cuakit.reward.model`: `VideoRewardModel` with three backbones (frame-temporal, timesformer,
  cnn3d) behind one interface, checkpoints as safetensors + config.json.
- `cuakit.reward.text`: `InstructionEncoder`, MiniLM instruction embeddings, offline.
- `cuakit.reward.bench`: throughput and FLOPs of every backbone (``cuakit bench reward``).
"""

from cuakit.reward.model import RewardModelConfig, RewardOutput, VideoRewardModel
from cuakit.reward.text import InstructionEncoder

__all__ = ["InstructionEncoder", "RewardModelConfig", "RewardOutput", "VideoRewardModel"]
