import Diffable
public enum _PersistenceModule {}
