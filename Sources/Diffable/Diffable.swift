public enum _DiffableModule {}
